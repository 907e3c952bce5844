import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { loadOfficialSchemas } from '#api-test/ucp-official-schemas.ts';
import { AGENT, ucp } from '#api-test/ucp-fixtures.ts';

/** UCP's catalog tools on the shop's MCP endpoint, through the SDK's own client over HTTP. */
let client: Client;
const official = loadOfficialSchemas();

const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });
let partId = '';
beforeAll(async () => {
  partId = await addPart(t, { name: 'Crucial P5 Plus drive', priceCents: 10_999, available: 7 });
  await addPart(t, { name: 'Crucial T700 drive', priceCents: 24_999 });
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  client = new Client({ name: 'ucp-catalog-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`)));
});
afterAll(async () => {
  await client.close();
});

const meta = { 'ucp-agent': { profile: AGENT } };

async function call(name: string, catalog: unknown) {
  const res = await client.callTool({ name, arguments: { meta, catalog } });
  return res as { structuredContent?: Record<string, unknown>; isError?: boolean; content: { text: string }[] };
}

describe('UCP catalog over MCP', () => {
  it('lists the three catalog tools as read-only', async () => {
    const { tools } = await client.listTools();
    const catalog = tools.filter((tool) => ['search_catalog', 'lookup_catalog', 'get_product'].includes(tool.name));
    expect(catalog.map((tool) => tool.annotations?.readOnlyHint)).toEqual([true, true, true]);
  });

  it('search_catalog, lookup_catalog and get_product answer the same objects as REST', async () => {
    const cases = [
      ['search_catalog', '/catalog/search', { query: 'crucial', pagination: { limit: 1 } }],
      ['lookup_catalog', '/catalog/lookup', { ids: [partId, 'unknown'] }],
      ['get_product', '/catalog/product', { id: partId }],
    ] as const;
    for (const [tool, path, body] of cases) {
      const result = await call(tool, body);
      expect(result.isError, result.content[0]?.text).toBeUndefined();
      const rest = await ucp(t, 'POST', path, body);
      expect(result.structuredContent).toEqual(rest.json());
    }
    const page = (await call('search_catalog', { query: 'crucial', pagination: { limit: 1 } })).structuredContent;
    expect(page?.pagination).toMatchObject({ has_next_page: true });
    expect((page?.products as { title: string }[]).map((p) => p.title)).toEqual([
      expect.stringMatching(/^Crucial/) as string,
    ]);
    if (official) expect(official.catalogSearch(page)).toEqual([]);
  });

  it('refuses bad input as a tool error, never a server error', async () => {
    const unknownFilter = await call('search_catalog', { query: 'drive', filters: { colour: 'red' } });
    expect(unknownFilter.isError).toBe(true);
    expect(unknownFilter.content[0]?.text).toContain('filters.colour: not a filter of this shop');
    const nul = await call('search_catalog', { query: 'dr\u0000ive' });
    expect(nul.isError).toBe(true);
    const tooMany = await call('lookup_catalog', { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.structuredContent).toMatchObject({ messages: [{ code: 'request_too_large' }] });
    const missing = await call('get_product', { id: '019a0000-0000-7000-8000-000000000000' });
    // Not found is the operation's outcome, not a failed call (catalog/mcp.md).
    expect(missing.isError).toBeUndefined();
    expect(missing.structuredContent).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found' }] });
  });
});
