import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ucpMessageSchema, type UCP_CAPABILITIES } from '@parts-shop/shared/ucp';
import {
  ucpCatalogLookupSchema,
  ucpCatalogProductSchema,
  ucpCatalogSearchSchema,
} from '@parts-shop/shared/ucp-catalog';
import type { Deps } from '#api/deps.ts';
import { mcpLimit } from '#api/deps.ts';
import { documentedOnly } from '#api/lib/assistant-openapi.ts';
import { isRefusal, narrowed, negotiate } from './agent-profile.ts';
import { getProduct, invalidRequest, lookupCatalog, searchCatalog, type CatalogAnswer } from './ucp-catalog.ts';
import { callerOf } from './ucp.routes.ts';
import { ucpOperation } from './ucp-openapi.ts';

/** The catalog's answer: `ucp`, then `products` (or `product`), `pagination` and `messages` (ucp-catalog.ts). */
const catalogAnswer = z.looseObject({
  ucp: z.looseObject({ version: z.string() }),
  products: z.array(z.looseObject({ id: z.string(), title: z.string() })).optional(),
  product: z.looseObject({ id: z.string(), title: z.string() }).optional(),
  pagination: z.looseObject({ cursor: z.string().optional(), has_next_page: z.boolean() }).optional(),
  messages: z.array(ucpMessageSchema).optional(),
});

type Answered = { statusCode: number; body: unknown; headers?: Record<string, string> };

const send = (reply: FastifyReply, answer: Answered) =>
  reply
    .code(answer.statusCode)
    .headers(answer.headers ?? {})
    .send(answer.body);

/** The request as the operation takes it, or a 400 naming each field at fault. */
export function catalogInput<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { input: z.output<S> } | { refused: CatalogAnswer } {
  const result = schema.safeParse(body ?? {});
  if (result.success) return { input: result.data };
  const refused = invalidRequest(
    result.error.issues.map((issue) => ({
      type: 'error',
      code: 'invalid_request',
      path: issue.path.reduce<string>(
        (at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${String(key)}`),
        '$',
      ),
      content: issue.message,
      severity: 'recoverable',
    })),
  );
  return { refused };
}

/**
 * UCP's catalog over REST, beside the checkout under `/api/ucp`: reads of what the web shop shows anyone, so they need
 * no key (docs/security.md). The caller still names its profile, is negotiated with, and spends its assistant budget
 * and its client's `mcp` budget, the one the catalog's MCP tools spend.
 */
export const ucpCatalogRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  function read<S extends z.ZodType>(
    needs: keyof typeof UCP_CAPABILITIES,
    schema: S,
    operation: (body: z.output<S>) => Promise<CatalogAnswer>,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const agent = await callerOf(deps, request, reply, true);
      if ('statusCode' in agent) return send(reply, agent);
      const negotiated = await negotiate(deps.config, agent.profile, needs);
      if (isRefusal(negotiated)) return send(reply, negotiated);
      const parsed = catalogInput(schema, request.body);
      if ('refused' in parsed) return send(reply, parsed.refused);
      return send(reply, narrowed(await operation(parsed.input), negotiated));
    };
  }

  const options = (summary: string, body: z.ZodType) => ({
    ...documentedOnly,
    config: mcpLimit(deps.config),
    schema: ucpOperation({ summary, write: false, open: true, body, result: catalogAnswer }),
  });
  app.post(
    '/ucp/catalog/search',
    options('Search the catalog by words and filters, paged (UCP)', ucpCatalogSearchSchema),
    read('catalogSearch', ucpCatalogSearchSchema, (body) => searchCatalog(deps, body)),
  );
  app.post(
    '/ucp/catalog/lookup',
    options('Look products up by their ids (UCP)', ucpCatalogLookupSchema),
    read('catalogLookup', ucpCatalogLookupSchema, (body) => lookupCatalog(deps, body)),
  );
  app.post(
    '/ucp/catalog/product',
    options('One product, in full (UCP)', ucpCatalogProductSchema),
    read('catalogLookup', ucpCatalogProductSchema, (body) => getProduct(deps, body)),
  );
};
