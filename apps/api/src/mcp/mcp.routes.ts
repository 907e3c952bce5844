import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Deps } from '#api/deps.ts';
import { keepRawJsonBodies } from '#api/lib/raw-body.ts';
import { mcpLimit } from '#api/deps.ts';
import { createShopMcpServer } from './shop-mcp-server.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/**
 * The checkout tools an app adds: registered per request with its proof of who calls. `refuse` answers a call of
 * theirs that may not run at all (401 without proof in production), before any work.
 */
export type MoreTools = {
  register: (server: McpServer, deps: Deps, request: FastifyRequest) => void;
  refuse: (
    deps: Deps,
    request: FastifyRequest,
  ) => { statusCode: number; headers: Record<string, string>; message: string } | null;
};

/** `POST /api/mcp`, stateless, so any process answers any call; GET and DELETE are refused. */
export const mcpRoutes: FastifyPluginAsyncZod<{
  deps: Deps;
  moreTools?: MoreTools;
}> = async (app, { deps, moreTools }) => {
  // A signed call's Content-Digest covers the body's bytes.
  keepRawJsonBodies(app);
  app.post('/mcp', { config: mcpLimit(deps.config), schema: { hide: true } }, async (request, reply) => {
    // The rate limit counts requests: a JSON-RPC batch would pass a hundred calls for one.
    if (Array.isArray(request.body)) {
      return reply.code(400).send({
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Send one JSON-RPC message per request: batches are not accepted' },
        id: null,
      });
    }
    const refused = moreTools?.refuse(deps, request);
    if (refused) {
      const id = (request.body as { id?: unknown } | null)?.id ?? null;
      return reply
        .code(refused.statusCode)
        .headers(refused.headers)
        .send({ jsonrpc: '2.0', error: { code: -32001, message: refused.message }, id });
    }
    const server = createShopMcpServer(deps);
    moreTools?.register(server, deps, request);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // The transport writes the answer itself, past Fastify's reply and the headers already set
    // on it (lib/security.ts), so they go onto the raw answer first.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const refuse = { schema: { hide: true } };
  for (const method of ['GET', 'DELETE'] as const)
    app.route({
      method,
      url: '/mcp',
      ...refuse,
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('Allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: apiMessages.mcpPostOnly },
            id: null,
          }),
    });
};
