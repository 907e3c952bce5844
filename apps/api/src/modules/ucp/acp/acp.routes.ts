import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ACP_VERSION,
  acpCancelInputSchema,
  acpCompleteInputSchema,
  acpCreateInputSchema,
  acpUpdateInputSchema,
  type AcpCheckoutSession,
  type AcpError,
} from '@parts-shop/shared/acp';
import type { UcpCheckout } from '@parts-shop/shared/ucp';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { documentedOnly } from '#api/lib/assistant-openapi.ts';
import { isDatabaseUnavailable } from '#api/lib/database-unavailable.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import {
  cancelCheckout,
  completeCheckout,
  createCheckout,
  getCheckout,
  updateCheckout,
  type Answer,
} from '../checkout-sessions.service.ts';
import type { UcpAgent } from '../ucp-agent.ts';
import { runOnce } from '../ucp-idempotency.ts';
import { acpCaller, acpError, versionRefusal, type AcpRefusal } from './acp-caller.ts';
import { acpSession, ucpInputFrom, ucpPaymentFrom } from './acp-checkout-view.ts';
import { acpOperation } from './acp-openapi.ts';

type AcpAnswer = { statusCode: number; body: AcpCheckoutSession | AcpError; headers?: Record<string, string> };

const hidden = { hide: true } as const;

const checkoutOf = (answer: Answer): UcpCheckout | null =>
  'line_items' in answer.body && 'status' in answer.body ? answer.body : null;

const notFound = (): AcpAnswer => ({
  statusCode: 404,
  body: acpError('not_found', 'There is no such checkout session'),
});

/** JSON with its keys sorted: two bodies that differ only in key order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | AcpAnswer {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = `$${(issue?.path ?? []).map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
  return { statusCode: 400, body: acpError('invalid', `${param}: ${issue?.message ?? 'invalid value'}`, param) };
}

const isAnswer = (value: unknown): value is AcpAnswer =>
  typeof value === 'object' && value !== null && 'statusCode' in value && 'body' in value;

/** The session's current state, for the operations that build on it. */
async function current(deps: Deps, agent: UcpAgent, id: string): Promise<UcpCheckout | null> {
  return checkoutOf(await getCheckout(deps, agent, id));
}

const session = (deps: Deps, answer: Answer, statusCode = answer.statusCode): AcpAnswer => {
  const checkout = checkoutOf(answer);
  return checkout ? { statusCode, body: acpSession(deps.config, checkout) } : notFound();
};

async function create(deps: Deps, agent: UcpAgent, body: z.output<typeof acpCreateInputSchema>): Promise<AcpAnswer> {
  if (body.currency.toLowerCase() !== 'usd') {
    return { statusCode: 400, body: acpError('invalid', 'This shop sells in usd only', '$.currency') };
  }
  const answer = await createCheckout(deps, agent, ucpInputFrom(body));
  if (!checkoutOf(answer)) {
    return {
      statusCode: 400,
      body: acpError('invalid_item_id', 'None of the requested items is sold here', '$.line_items'),
    };
  }
  return session(deps, answer, 201);
}

async function update(
  deps: Deps,
  agent: UcpAgent,
  id: string,
  body: z.output<typeof acpUpdateInputSchema>,
): Promise<AcpAnswer> {
  const now = await current(deps, agent, id);
  if (!now) return notFound();
  return session(deps, await updateCheckout(deps, agent, id, ucpInputFrom(body, now)));
}

/** Complete, after the buyer the request names (if any) is written to the session. */
async function complete(
  deps: Deps,
  agent: UcpAgent,
  id: string,
  body: z.output<typeof acpCompleteInputSchema>,
): Promise<AcpAnswer> {
  const now = await current(deps, agent, id);
  if (!now) return notFound();
  const open = now.status === 'incomplete' || now.status === 'ready_for_complete';
  if (body.buyer && open) await updateCheckout(deps, agent, id, ucpInputFrom({ buyer: body.buyer }, now));
  return session(deps, await completeCheckout(deps, agent, id, ucpPaymentFrom(body.payment_data)));
}

/** Cancel; a session already completed or canceled answers 405, as the protocol says. */
async function cancel(deps: Deps, agent: UcpAgent, id: string): Promise<AcpAnswer> {
  const notCancelable = (): AcpAnswer => ({
    statusCode: 405,
    body: acpError('not_cancelable', 'This checkout session is already completed or canceled'),
  });
  const now = await current(deps, agent, id);
  if (!now) return notFound();
  if (now.status === 'completed' || now.status === 'canceled') return notCancelable();
  const answer = await cancelCheckout(deps, agent, id);
  if (checkoutOf(answer)?.messages.some((m) => m.type === 'error' && m.code === 'invalid_status'))
    return notCancelable();
  return session(deps, answer);
}

/** Idempotency-Key: opaque, up to 255 characters. */
const keyOf = (header: unknown) =>
  typeof header === 'string' && header.length > 0 && header.length <= 255 ? header : null;

type Params = { Params: { id: string } };

/** ACP checkout under `/api/acp`, through the UCP service; described in the API description (acp-openapi.ts). */
export const acpRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // Every error here is the protocol's flat Error, a body the router or a limit refused included.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    // The rate-limit counters (Redis) or the database out of reach: fail closed, as UCP does.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error.message }, 'counters or database unavailable');
      return reply.code(503).header('Retry-After', '5').send({
        type: 'service_unavailable',
        code: 'service_unavailable',
        message: apiMessages.databaseUnavailable,
      });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ type: 'processing_error', code: 'internal_error', message: 'The shop could not answer; try again' });
    }
    const code = status === 429 ? 'rate_limited' : status === 413 ? 'request_too_large' : 'invalid';
    return reply
      .code(status)
      .send(acpError(code, status === 429 ? 'Too many requests, try again in a minute' : error.message));
  });

  const send = (reply: FastifyReply, answer: AcpAnswer | AcpRefusal) =>
    reply
      .code(answer.statusCode)
      .headers(answer.headers ?? {})
      .send(answer.body);

  /** A call: who calls, its API-Version, its body, then the operation (a write once per key). */
  function handle<S extends z.ZodType | null>(
    schema: S,
    write: boolean,
    operation: (
      agent: UcpAgent,
      request: FastifyRequest<Params>,
      body: S extends z.ZodType ? z.output<S> : null,
    ) => Promise<AcpAnswer>,
  ) {
    return async (request: FastifyRequest<Params>, reply: FastifyReply) => {
      const requestId = request.headers['request-id'];
      if (typeof requestId === 'string' && requestId.length <= 200) reply.header('Request-Id', requestId);
      const agent = await acpCaller(deps, request);
      if (isAnswer(agent)) return send(reply, agent);
      const version = versionRefusal(request.headers['api-version']);
      if (version) return send(reply, version);
      const key = keyOf(request.headers['idempotency-key']);
      if (write) {
        if (!key) {
          const message = 'Idempotency-Key header is required on all POST requests (up to 255 characters)';
          return send(reply, { statusCode: 400, body: acpError('idempotency_key_required', message) });
        }
        reply.header('Idempotency-Key', key);
      }
      const body = schema ? parsed(schema, request.body ?? null) : null;
      if (isAnswer(body)) return send(reply, body);
      const run = () => operation(agent, request, body as S extends z.ZodType ? z.output<S> : null);
      if (!write || !key) return send(reply, await run());
      // Keys are the assistant's per endpoint, apart from its UCP keys; the body alone is compared.
      const scope = `acp ${agent.profile} ${request.method} ${request.url.split('?')[0] ?? ''}`;
      const once = await runOnce(deps.db, scope, key, canonical(request.body), run);
      if (once.kind === 'other-request') {
        const message = 'Idempotency-Key has already been used with a different request body';
        return send(reply, { statusCode: 422, body: acpError('idempotency_conflict', message) });
      }
      if (once.kind === 'running') {
        const message = 'A request with this Idempotency-Key is currently being processed';
        return send(reply, {
          statusCode: 409,
          body: acpError('idempotency_in_flight', message),
          headers: { 'Retry-After': '1' },
        });
      }
      if (once.kind === 'replayed') reply.header('Idempotent-Replayed', 'true');
      return send(reply, once.answer);
    };
  }

  const route = (summary: string, write: boolean, body?: z.ZodType, created = false) => ({
    ...documentedOnly,
    ...(write ? { config: writeLimit(deps.config) } : {}),
    schema: acpOperation({ summary, write, body, created, session: !created }),
  });
  app.post(
    '/acp/checkout_sessions',
    route("Start a checkout session with the items an assistant's buyer wants (ACP)", true, acpCreateInputSchema, true),
    handle(acpCreateInputSchema, true, (agent, _request, body) => create(deps, agent, body)),
  );
  app.get<Params>(
    '/acp/checkout_sessions/:id',
    route('A checkout session of this assistant (ACP)', false),
    handle(null, false, async (agent, request) => session(deps, await getCheckout(deps, agent, request.params.id))),
  );
  app.post<Params>(
    '/acp/checkout_sessions/:id',
    route('Change the items, buyer or fulfilment of an open checkout session (ACP)', true, acpUpdateInputSchema),
    handle(acpUpdateInputSchema, true, (agent, request, body) => update(deps, agent, request.params.id, body)),
  );
  app.post<Params>(
    '/acp/checkout_sessions/:id/complete',
    route('Pay and place the order of a ready checkout session (ACP)', true, acpCompleteInputSchema),
    handle(acpCompleteInputSchema, true, (agent, request, body) => complete(deps, agent, request.params.id, body)),
  );
  app.post<Params>(
    '/acp/checkout_sessions/:id/cancel',
    route('Cancel an open checkout session (ACP)', true, acpCancelInputSchema),
    handle(acpCancelInputSchema, true, (agent, request) => cancel(deps, agent, request.params.id)),
  );
};

/** `GET /.well-known/acp.json` at the site's root: where the ACP API is and what it offers. */
export const acpDiscoveryRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const document = {
    protocol: { name: 'acp', version: ACP_VERSION, supported_versions: [ACP_VERSION] },
    api_base_url: `${siteOrigin(deps.config)}${deps.config.API_BASE_PATH}/acp`,
    transports: ['rest'],
    capabilities: { services: ['checkout'], supported_currencies: ['usd'] },
  };
  app.get('/.well-known/acp.json', { schema: hidden }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return document;
  });
};
