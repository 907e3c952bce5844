import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BuildCheckResult } from '@parts-shop/shared/build';
import type { Part } from '@parts-shop/shared/part';
import { addBuild, addSpecPart, compatibleSpecs, itemsOf } from '#api-test/build-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/**
 * The MCP endpoint as an assistant meets it: the SDK's own client over real HTTP, every
 * answer checked against the API a browser uses.
 */
let origin: string;
let client: Client;
let build: Awaited<ReturnType<typeof addBuild>>;

const PUBLIC_URL = 'https://shop.example';

const t = useTestApp({ config: { PUBLIC_URL, PUBLIC_CACHE_MS: '0' } });
beforeAll(async () => {
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  build = await addBuild(t, {}, { available: 7, priceCents: 12_345 });
  // Through the API, as an admin would add it, so the spec filters know its socket.
  const admin = await t.signIn('boss@example.com', 'admin');
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/parts',
    headers: admin,
    payload: {
      name: 'Ryzen 7 9700X for assistants',
      description: 'An AM5 processor',
      img: '/images/parts/cpu.svg',
      minOrder: 1,
      available: 7,
      price: 123.45,
      ...compatibleSpecs.cpu,
    },
  });
  build.cpu = added.json<{ insertedId: string }>().insertedId;
  client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`)));
});
afterAll(async () => {
  await client.close();
});

/** A tool's answer: the summary line, then the compact JSON (in the shape the caller names). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
function read<T>(result: Awaited<ReturnType<Client['callTool']>>): { summary: string; data: T } {
  const [first] = (result as CallToolResult).content;
  if (first?.type !== 'text') throw new Error('expected a text answer');
  if (result.isError) throw new Error(`tool error: ${first.text}`);
  const newline = first.text.indexOf('\n');
  return { summary: first.text.slice(0, newline), data: JSON.parse(first.text.slice(newline + 1)) as T };
}

async function api<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T> {
  const response = await t.app.inject({ method, url, payload });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

type CompactPart = { id: string; name: string; price: number; available: number; url: string; specs: object };

describe('MCP server at /api/mcp', () => {
  it('lists the seven read-only catalog tools, each with an input schema, beside the UCP shopping tools', async () => {
    const { tools } = await client.listTools();
    const ucpTools = [
      'cancel_checkout',
      'complete_checkout',
      'create_checkout',
      'get_checkout',
      'get_order',
      'update_checkout',
    ];
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'build_link',
        'check_build',
        'get_part',
        'search_parts',
        'search_catalog',
        'lookup_catalog',
        'get_product',
        ...ucpTools,
      ].sort(),
    );
    for (const tool of tools.filter((t) => !ucpTools.includes(t.name))) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
    const search = tools.find((tool) => tool.name === 'search_parts');
    expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['q', 'kind', 'minPrice', 'maxPrice', 'inStock', 'socket', 'sort', 'cursor']),
    );
  });

  it('search_parts -> get_part -> check_build -> build_link agree with the API', async () => {
    const search = read<{ parts: CompactPart[]; nextCursor: string | null }>(
      await client.callTool({ name: 'search_parts', arguments: { kind: ['cpu'], socket: 'AM5', limit: 50 } }),
    );
    const fromApi = await api<(Part & { _id: string })[]>('GET', '/api/parts?kind=cpu&socket=AM5&limit=50');
    expect(search.data.parts.map((p) => p.id)).toEqual(fromApi.map((p) => p._id));
    expect(search.data.parts.map((p) => p.id)).toContain(build.cpu);
    expect(search.summary).toMatch(/^\d+ parts?/);

    const part = read<CompactPart & { description: string }>(
      await client.callTool({ name: 'get_part', arguments: { id: build.cpu } }),
    );
    const partFromApi = await api<Part>('GET', `/api/parts/${build.cpu}`);
    expect(part.data).toMatchObject({
      id: build.cpu,
      name: partFromApi.name,
      price: 123.45,
      available: 7,
      description: partFromApi.description,
      url: `${PUBLIC_URL}/parts/${build.cpu}`,
    });
    expect(part.summary).toContain('$123.45');

    const items = itemsOf(build);
    const check = read<BuildCheckResult>(await client.callTool({ name: 'check_build', arguments: { items } }));
    expect(check.data).toEqual(await api<BuildCheckResult>('POST', '/api/builds/check', { items }));
    expect(check.summary).toMatch(/^Compatible/);

    const link = read<{ url: string }>(await client.callTool({ name: 'build_link', arguments: { items } }));
    const url = new URL(link.data.url);
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/build`);
    expect(url.searchParams.get('cpu')).toBe(build.cpu);
    expect(url.searchParams.get('motherboard')).toBe(build.motherboard);
    expect(url.searchParams.getAll('storage')).toEqual([build.storage]);
    expect(link.summary).toContain(link.data.url);
  });

  it('names the clash when the memory does not fit the board', async () => {
    const ddr4 = await addSpecPart(t, {
      ...compatibleSpecs.memory,
      specs: { ...compatibleSpecs.memory.specs, memoryType: 'DDR4' },
    });
    const items = itemsOf({ ...build, memory: ddr4 });
    const check = read<BuildCheckResult>(await client.callTool({ name: 'check_build', arguments: { items } }));
    expect(check.data.problems.map((p) => p.code)).toContain('memory-type');
    expect(check.summary).toMatch(/^\d+ errors?/);
  });

  it('refuses bad input with a tool error or an MCP error, never a server fault', async () => {
    const unknown = await client.callTool({
      name: 'get_part',
      arguments: { id: '019a0000-0000-7000-8000-000000000000' },
    });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain(apiMessages.partNotFound);

    for (const [name, args] of [
      ['get_part', { id: 'not-an-id' }],
      ['search_parts', { kind: ['toaster'] }],
      ['search_parts', { minPrice: 50, maxPrice: 10 }],
      ['search_parts', { q: 'x'.repeat(10_000) }],
      ['search_parts', { cursor: 'garbage' }],
      ['check_build', { items: 'all of them' }],
      ['build_link', { items: [{ partId: '019a0000-0000-7000-8000-000000000000', quantity: 1 }] }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args }).then(
        (answer) => ({ isError: answer.isError, text: JSON.stringify(answer.content) }),
        // The SDK's client may also throw on an error answer; that is an MCP error too.
        (error: unknown) => ({ isError: true, text: String(error) }),
      );
      expect(result.isError, `${name} ${JSON.stringify(args).slice(0, 80)}: ${result.text}`).toBe(true);
    }

    // Nothing beyond the four reads exists to be called.
    const order = await client.callTool({ name: 'place_order', arguments: {} });
    expect(order.isError).toBe(true);
    expect(JSON.stringify(order.content)).toContain('Tool place_order not found');
  });

  it('answers plain HTTP like any JSON-RPC server: POST only, bad JSON is a client error', async () => {
    const get = await fetch(`${origin}/api/mcp`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');

    const bad = await fetch(`${origin}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0", "method": ',
    });
    expect(bad.status).toBe(400);

    const notRpc = await fetch(`${origin}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(notRpc.status).toBeGreaterThanOrEqual(400);
    expect(notRpc.status).toBeLessThan(500);
  });

  it('carries the security headers every other answer does', async () => {
    const answer = await fetch(`${origin}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(200);
    const page = await fetch(`${origin}/api/parts`);
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      expect(answer.headers.get(name), name).toBe(page.headers.get(name));
      expect(answer.headers.get(name), name).toBeTruthy();
    }
  });

  it('refuses a JSON-RPC batch, so the rate limit counts every call', async () => {
    const calls = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' }));
    const batch = await fetch(`${origin}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(calls),
    });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ error: { code: -32600 } });
  });
});
