import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ucpCheckoutInputSchema,
  ucpCheckoutSchema,
  ucpCompleteInputSchema,
  ucpOrderSchema,
} from '@parts-shop/shared/ucp';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { documentedOnly } from '#api/lib/assistant-openapi.ts';
import { keepRawJsonBodies } from '#api/lib/raw-body.ts';
import { isRefusal, narrowed, negotiate } from './agent-profile.ts';
import { proofOf } from './caller-proof.ts';
import { businessProfile } from './business-profile.ts';
import {
  cancelCheckout,
  completeCheckout,
  createCheckout,
  getCheckout,
  updateCheckout,
  type Answer,
} from './checkout-sessions.service.ts';
import { errorResponse } from './checkout-view.ts';
import { POLICY_PAGES, policyPageHtml } from './policy-pages.ts';
import { signingKeyFor } from './signing-key.ts';
import { answerOnce } from './ucp-idempotency.ts';
import { getUcpOrder } from './ucp-order.ts';
import { admitAgent } from './ucp-admission.ts';
import { parseUcpAgent, type UcpAgent } from './ucp-agent.ts';
import { ucpOperation, ucpSessionId } from './ucp-openapi.ts';

const hidden = { hide: true } as const;

const invalid = (code: string, content: string): Answer => ({ statusCode: 400, body: errorResponse(code, content) });

/** The headers every UCP call carries: who calls (UCP-Agent) and the request's id, echoed back. `open` as admitAgent's. */
export async function callerOf(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  open = false,
): Promise<UcpAgent | Answer> {
  const requestId = request.headers['request-id'];
  if (typeof requestId === 'string' && requestId.length <= 200) reply.header('Request-Id', requestId);
  const agent = parseUcpAgent(request.headers['ucp-agent']);
  if (!agent) return invalid('invalid_profile_url', 'Send UCP-Agent: profile="<your profile address>"');
  const admitted = await admitAgent(deps, agent, proofOf(request), { open });
  if (isAnswer(admitted)) return admitted;
  if (typeof requestId !== 'string' || requestId.length === 0 || requestId.length > 200) {
    return invalid('invalid_request', 'Send a Request-Id header (a UUID) with every request');
  }
  return admitted;
}

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | Answer {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `$.${i.path.join('.')}: ${i.message}`).join('; ');
  return invalid('invalid_request', `The request is not a valid checkout: ${issues}`);
}

const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' && value !== null && 'statusCode' in value && 'body' in value;

/** A REST write once per assistant and Idempotency-Key (ucp-idempotency.ts). */
async function once(
  deps: Deps,
  agent: UcpAgent,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<Answer>,
): Promise<Answer> {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return run();
  const what = `${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`;
  const result = await answerOnce(deps.db, agent, typeof key === 'string' ? key : '', what, run);
  if (result.replayed) reply.header('Idempotent-Replayed', 'true');
  return result.answer;
}

type Params = { Params: { id: string } };

/** UCP over REST under `/api/ucp`, described in the shop's API description (ucp-openapi.ts) and checked here. */
export const ucpRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  keepRawJsonBodies(app);
  const answer = (reply: FastifyReply, result: Answer) =>
    reply
      .code(result.statusCode)
      .headers(result.headers ?? {})
      .send(result.body);

  /** A call: its caller and body checked, then the operation (a write once per key). */
  function handle<S extends z.ZodType | null>(
    schema: S,
    write: boolean,
    operation: (
      agent: UcpAgent,
      request: FastifyRequest<Params>,
      body: S extends z.ZodType ? z.output<S> : null,
    ) => Promise<Answer>,
  ) {
    return async (request: FastifyRequest<Params>, reply: FastifyReply) => {
      const agent = await callerOf(deps, request, reply);
      if (isAnswer(agent)) return answer(reply, agent);
      const negotiated = await negotiate(
        deps.config,
        agent.profile,
        request.url.includes('/orders/') ? 'order' : 'checkout',
      );
      if (isRefusal(negotiated)) return reply.code(negotiated.statusCode).send(negotiated.body);
      const body = schema ? parsed(schema, request.body) : null;
      if (isAnswer(body)) return answer(reply, body);
      const run = () => operation(agent, request, body as S extends z.ZodType ? z.output<S> : null);
      return answer(reply, narrowed(write ? await once(deps, agent, request, reply, run) : await run(), negotiated));
    };
  }

  const checkout = (summary: string, write: boolean, body?: z.ZodType) => ({
    ...documentedOnly,
    ...(write ? { config: writeLimit(deps.config) } : {}),
    schema: ucpOperation({ summary, write, result: ucpCheckoutSchema, body, params: ucpSessionId }),
  });
  app.post(
    '/ucp/checkout-sessions',
    {
      ...documentedOnly,
      config: writeLimit(deps.config),
      schema: ucpOperation({
        summary: "Start a checkout session with the items an assistant's buyer wants (UCP)",
        write: true,
        result: ucpCheckoutSchema,
        body: ucpCheckoutInputSchema,
        created: true,
      }),
    },
    handle(ucpCheckoutInputSchema, true, (agent, _r, body) => createCheckout(deps, agent, body)),
  );
  app.get<Params>(
    '/ucp/checkout-sessions/:id',
    checkout('A checkout session of this assistant (UCP)', false),
    handle(null, false, (agent, request) => getCheckout(deps, agent, request.params.id)),
  );
  app.put<Params>(
    '/ucp/checkout-sessions/:id',
    checkout('Replace the items, buyer and fulfilment of an open checkout session (UCP)', true, ucpCheckoutInputSchema),
    handle(ucpCheckoutInputSchema, true, (agent, request, body) =>
      updateCheckout(deps, agent, request.params.id, body),
    ),
  );
  app.post<Params>(
    '/ucp/checkout-sessions/:id/complete',
    checkout('Pay and place the order of a ready checkout session (UCP)', true, ucpCompleteInputSchema),
    handle(ucpCompleteInputSchema, true, (agent, request, body) =>
      completeCheckout(deps, agent, request.params.id, body),
    ),
  );
  app.post<Params>(
    '/ucp/checkout-sessions/:id/cancel',
    checkout('Cancel an open checkout session (UCP)', true),
    handle(null, true, (agent, request) => cancelCheckout(deps, agent, request.params.id)),
  );
  app.get<Params>(
    '/ucp/orders/:id',
    {
      ...documentedOnly,
      schema: ucpOperation({
        summary: 'An order this assistant placed, with its fulfilment (UCP)',
        write: false,
        result: ucpOrderSchema,
        params: ucpSessionId,
      }),
    },
    handle(null, false, (agent, request) => getUcpOrder(deps.db, deps.config, agent, request.params.id)),
  );
};

/** At the site's root: `GET /.well-known/ucp`, the shop's business profile, and the policy pages its checkouts link to. */
export const ucpDiscoveryRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const profile = businessProfile(deps.config, signingKeyFor(deps.config));
  app.get('/.well-known/ucp', { schema: hidden }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return profile;
  });
  for (const [url, page] of Object.entries(POLICY_PAGES)) {
    const html = policyPageHtml(page);
    app.get(url, { schema: hidden }, async (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=300').type('text/html; charset=utf-8').send(html),
    );
  }
};
