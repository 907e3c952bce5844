import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { protocolText } from '@parts-shop/shared/fields';
import { ucpCheckoutInputSchema, ucpCompleteInputSchema } from '@parts-shop/shared/ucp';
import type { Deps } from '#api/deps.ts';
import {
  cancelCheckout,
  completeCheckout,
  createCheckout,
  getCheckout,
  updateCheckout,
  type Answer,
} from './checkout-sessions.service.ts';
import { isRefusal, narrowed, negotiate } from './agent-profile.ts';
import { errorResponse } from './checkout-view.ts';
import type { FastifyRequest } from 'fastify';
import { proofOf, type CallerProof } from './caller-proof.ts';
import { admitAgent, NO_PROOF } from './ucp-admission.ts';
import { assistantsMayCall } from './ucp-agent.ts';
import { parseUcpAgent, type UcpAgent } from './ucp-agent.ts';

/** The tools that act as an assistant, and so need its proof. */
const UCP_TOOLS = new Set([
  'create_checkout',
  'get_checkout',
  'update_checkout',
  'complete_checkout',
  'cancel_checkout',
  'get_order',
]);

/** In production a call of a UCP tool without a key or a signature is refused over HTTP, before any work. */
export function unprovenUcpToolCall(deps: Pick<Deps, 'config'>, request: FastifyRequest) {
  if (assistantsMayCall(deps.config)) return null;
  const body = request.body as { method?: unknown; params?: { name?: unknown } } | null;
  const name = body?.method === 'tools/call' ? body.params?.name : undefined;
  if (typeof name !== 'string' || !UCP_TOOLS.has(name)) return null;
  const proof = proofOf(request);
  if (proof.apiKey !== undefined || proof.signed) return null;
  return { statusCode: 401 as const, headers: { 'WWW-Authenticate': 'Bearer realm="ucp"' }, message: NO_PROOF };
}
import { answerOnce } from './ucp-idempotency.ts';
import { getUcpOrder } from './ucp-order.ts';

/** The binding's request metadata: who calls (a REST call's UCP-Agent) and the write's key. */
export const metaSchema = z.looseObject({
  'ucp-agent': z.looseObject({ profile: protocolText(2000) }),
  'idempotency-key': protocolText(255).optional(),
});
const id = protocolText(100);

/** The answer as the binding wants it: the same object REST answers, as structuredContent and as text. */
export function result(answer: { statusCode: number; body: object }): CallToolResult {
  return {
    structuredContent: answer.body as Record<string, unknown>,
    content: [{ type: 'text', text: JSON.stringify(answer.body) }],
    ...(answer.statusCode >= 400 ? { isError: true } : {}),
  };
}

/**
 * UCP's MCP binding: each tool calls the operation its REST route calls, so both answer the same objects. The proof is
 * the HTTP request's (its key or signature), checked for the profile the call's meta names.
 */
export function registerUcpTools(server: McpServer, deps: Deps, proof: CallerProof): void {
  function tool<S extends z.ZodRawShape>(
    name: string,
    description: string,
    shape: S,
    write: boolean,
    operation: (agent: UcpAgent, args: z.infer<z.ZodObject<S>>) => Promise<Answer>,
  ) {
    const inputSchema: z.ZodObject<z.ZodRawShape> = z.object({ meta: metaSchema, ...shape });
    server.registerTool(name, { title: name.replace('_', ' '), description, inputSchema }, async (args) => {
      const input = args as z.infer<z.ZodObject<S>> & { meta: z.infer<typeof metaSchema> };
      const agent = parseUcpAgent(`profile="${input.meta['ucp-agent'].profile.replaceAll('"', '')}"`);
      if (!agent)
        return result({
          statusCode: 400,
          body: errorResponse('invalid_profile_url', 'meta["ucp-agent"].profile is not a URL'),
        });
      const admitted = await admitAgent(deps, agent, proof);
      if ('statusCode' in admitted) return result(admitted);
      const negotiated = await negotiate(deps.config, agent.profile, name === 'get_order' ? 'order' : 'checkout');
      if (isRefusal(negotiated)) return result(negotiated);
      const run = () => operation(admitted, input);
      const key = input.meta['idempotency-key'];
      if (!write || key === undefined) return result(narrowed(await run(), negotiated));
      const { meta: _meta, ...body } = input;
      const once = await answerOnce(deps.db, admitted, key, `${name}\n${JSON.stringify(body)}`, run);
      return result(narrowed(once.answer, negotiated));
    });
  }

  tool(
    'create_checkout',
    'Create a checkout session (UCP dev.ucp.shopping.checkout).',
    { checkout: ucpCheckoutInputSchema },
    true,
    (agent, { checkout }) => createCheckout(deps, agent, checkout),
  );
  tool('get_checkout', 'Get a checkout session.', { id }, false, (agent, args) => getCheckout(deps, agent, args.id));
  tool(
    'update_checkout',
    'Replace a checkout session’s inputs.',
    { id, checkout: ucpCheckoutInputSchema },
    true,
    (agent, args) => updateCheckout(deps, agent, args.id, args.checkout),
  );
  tool(
    'complete_checkout',
    'Place the order and pay with the payment handler’s instrument.',
    { id, checkout: ucpCompleteInputSchema },
    true,
    (agent, args) => completeCheckout(deps, agent, args.id, args.checkout),
  );
  tool('cancel_checkout', 'Cancel a checkout session.', { id }, true, (agent, args) =>
    cancelCheckout(deps, agent, args.id),
  );
  tool('get_order', 'Get an order this assistant placed (UCP dev.ucp.shopping.order).', { id }, false, (agent, args) =>
    getUcpOrder(deps.db, deps.config, agent, args.id),
  );
}
