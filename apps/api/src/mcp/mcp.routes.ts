import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import type { Deps } from '#api/deps.ts';
import { keepRawJsonBodies } from '#api/lib/raw-body.ts';
import { mcpLimit } from '#api/deps.ts';
import { ASSISTANT_PROOF_OPTIONAL, answer, documentedOnly, signatureHeaders } from '#api/lib/assistant-openapi.ts';
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
  ) => { statusCode: 401; headers: Record<string, string>; message: string } | null;
};

const jsonRpcId = z.union([z.string(), z.number()]);
const jsonRpcError = z.object({
  jsonrpc: z.literal('2.0'),
  error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }),
  // Null when the message's id could not be read.
  id: z.union([z.string().nullable(), z.number()]),
});

/** The description of `POST /api/mcp`; the MCP transport checks the message itself and answers JSON-RPC errors. */
const mcpPost = {
  tags: ['mcp'],
  summary: 'The shop as an MCP server (Streamable HTTP, stateless): one JSON-RPC message per request',
  description:
    "Send `Accept: application/json, text/event-stream`. The catalog tools need no proof; the checkout tools need the assistant's proof in production, and name its profile in the call's `_meta`.",
  security: ASSISTANT_PROOF_OPTIONAL,
  headers: z.object({
    'mcp-protocol-version': z.string().optional().describe('The MCP version agreed at initialize'),
    ...signatureHeaders,
  }),
  body: z.looseObject({
    jsonrpc: z.literal('2.0'),
    id: jsonRpcId.optional().describe('None on a notification'),
    method: z.string().describe('`initialize`, `tools/list`, `tools/call`, …'),
    params: z.looseObject({}).optional(),
  }),
  response: {
    200: answer(
      'The JSON-RPC answer: a result, or an error the server returned',
      z.union([z.looseObject({ jsonrpc: z.literal('2.0'), id: jsonRpcId, result: z.looseObject({}) }), jsonRpcError]),
    ),
    202: z.null().describe('A notification taken; no body'),
    400: answer('Not one JSON-RPC message (a batch, or a body that is none)', jsonRpcError),
    401: answer('A checkout tool called without proof of whose the call is (production)', jsonRpcError),
    406: answer('The Accept header does not take both application/json and text/event-stream', jsonRpcError),
    429: answer(
      "Over this client's request limit; `Retry-After` says when to try again",
      z.object({ message: z.string() }),
    ),
  },
};

/** `POST /api/mcp`, stateless, so any process answers any call; GET and DELETE are refused. */
export const mcpRoutes: FastifyPluginAsyncZod<{
  deps: Deps;
  moreTools?: MoreTools;
}> = async (app, { deps, moreTools }) => {
  // A signed call's Content-Digest covers the body's bytes.
  keepRawJsonBodies(app);
  app.post('/mcp', { ...documentedOnly, config: mcpLimit(deps.config), schema: mcpPost }, async (request, reply) => {
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

  const refuse = (method: string) => ({
    ...documentedOnly,
    schema: {
      tags: ['mcp'],
      summary: `Refused: the shop's MCP server is stateless, with no event stream or session to ${method === 'GET' ? 'open' : 'end'}`,
      security: [],
      response: { 405: answer('Always: `Allow: POST`', jsonRpcError) },
    },
  });
  for (const method of ['GET', 'DELETE'] as const)
    app.route({
      method,
      url: '/mcp',
      ...refuse(method),
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
