import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { parts } from '#api/db/schema.ts';
import { productionEnv } from '#api-test/production-env.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp, type TestApp } from '#api-test/test-app.ts';
import { loadOfficialSchemas, UCP_SCHEMAS_DIR } from '#api-test/ucp-official-schemas.ts';
import { readyCheckout, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';

/**
 * UCP's catalog (search, lookup, product) over REST: the web shop's search and part page said in UCP's words, every
 * answer valid against the official 2026-04-08 schemas read in place beside the repository.
 */
const official = loadOfficialSchemas();
if (!official) console.warn(`Skipping the UCP catalog schema checks: no official schemas at ${UCP_SCHEMAS_DIR}`);
const schemas = official as NonNullable<typeof official>;

type Json = Record<string, unknown>;
type Variant = {
  id: string;
  price: { amount: number; currency: string };
  availability: { available: boolean; status: string };
  metadata: { stock: number; minimum_order: number };
  inputs?: { id: string; match: string }[];
};
type Product = { id: string; title: string; variants: Variant[]; rating?: { value: number; count: number } };
type SearchAnswer = {
  products: Product[];
  pagination: { has_next_page: boolean; cursor?: string };
  messages?: { type: string; code: string; path?: string; content: string }[];
};
type Refusal = { ucp: { status: string }; messages: { code: string; path?: string; content: string }[] };

const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });

/** A REST catalog call, and the answer checked against the operation's official schema whatever it says. */
async function catalog(
  operation: 'search' | 'lookup' | 'product',
  body: unknown,
  app: TestApp = t,
  headers = ucpHeaders(),
) {
  const res = await ucp(app, 'POST', `/catalog/${operation}`, body, headers);
  const json = res.json<Json>();
  if (official) {
    const validate =
      res.statusCode !== 200
        ? schemas.errorResponse
        : { search: schemas.catalogSearch, lookup: schemas.catalogLookup, product: schemas.catalogProduct }[operation];
    expect(validate(json), res.body).toEqual([]);
  }
  return { status: res.statusCode, json };
}

const gpu = { kind: 'gpu' as const, specs: { lengthMm: 300, boardPowerW: 220, memoryGb: 12, recommendedPsuW: 650 } };
const ids: Record<string, string> = {};

beforeAll(async () => {
  const add = async (key: string, brand: string, extra: Parameters<typeof addPart>[1]) => {
    ids[key] = await addPart(t, extra);
    await t.database.db
      .update(parts)
      .set({ brand })
      .where(eq(parts.id, ids[key] ?? ''));
  };
  await add('cheap', 'Zotac', { ...gpu, name: 'Zotac Twin Edge graphics card', priceCents: 29_999, available: 4 });
  await add('mid', 'Asus', { ...gpu, name: 'Asus Dual graphics card', priceCents: 45_000, available: 0 });
  await add('dear', 'Asus', { ...gpu, name: 'Asus Strix graphics card', priceCents: 89_999, available: 2 });
  await add('ssd', 'Samsung', {
    kind: 'storage',
    specs: { interface: 'NVMe', formFactor: 'M.2', capacityGb: 2000 },
    name: 'Samsung 990 Pro',
    priceCents: 17_999,
  });
  // Four ratings of 5, 4, 4 and 4: the part page shows 4.3 out of 5.
  await t.database.db
    .update(parts)
    .set({ ratingCount: 4, ratingSum: 17 })
    .where(eq(parts.id, ids.dear ?? ''));
});

describe.skipIf(!official)('catalog.search', () => {
  it('finds what the web shop finds for the same words, kinds, brands and price range, in the same order', async () => {
    const web = await t.app.inject({
      method: 'GET',
      url: '/api/parts?q=graphics&kind=gpu&brand=Asus,Zotac&minPrice=299.99&maxPrice=899.99',
    });
    const webIds = web.json<{ _id: string }[]>().map((p) => p._id);
    expect(webIds).toHaveLength(3);
    const { status, json } = await catalog('search', {
      query: 'graphics',
      filters: { categories: ['gpu'], brands: ['Asus', 'Zotac'], price: { min: 29_999, max: 89_999 } },
      context: { currency: 'USD' },
    });
    expect(status).toBe(200);
    expect((json as SearchAnswer).products.map((p) => p.id)).toEqual(webIds);

    const asus = await catalog('search', { filters: { brands: ['Asus'], price: { max: 50_000 } } });
    expect((asus.json as SearchAnswer).products.map((p) => p.title)).toEqual(['Asus Dual graphics card']);
    const inStock = await catalog('search', { filters: { categories: ['gpu'], in_stock: true } });
    expect((inStock.json as SearchAnswer).products.map((p) => p.id).sort()).toEqual([ids.cheap, ids.dear].sort());
  });

  it('prices in cents, stock and rating as the part page shows them', async () => {
    const { json } = await catalog('search', { query: 'strix' });
    const [product] = (json as SearchAnswer).products;
    const page = (await t.app.inject({ method: 'GET', url: `/api/parts/${ids.dear}` })).json<{
      price: number;
      available: number;
      rating: { average: number; count: number };
    }>();
    expect(product?.variants[0]?.price).toEqual({ amount: Math.round(page.price * 100), currency: 'USD' });
    expect(product?.variants[0]?.price.amount).toBe(89_999);
    expect(product?.variants[0]?.metadata.stock).toBe(page.available);
    expect(product?.rating).toMatchObject({ value: page.rating.average, count: page.rating.count });
    expect(product?.rating?.value).toBe(4.3);

    const sold = await catalog('search', { query: 'dual' });
    const soldOut = (sold.json as SearchAnswer).products[0];
    expect(soldOut?.variants[0]?.availability).toEqual({ available: false, status: 'out_of_stock' });
    // No stars before the first rating, as on the part page.
    expect(soldOut?.rating).toBeUndefined();
  });

  it('pages with the cursor it answers, newest first when browsing, to the last page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const { json } = await catalog('search', {
        filters: { categories: ['gpu', 'storage'] },
        pagination: { limit: 3, ...(cursor ? { cursor } : {}) },
      });
      const answer = json as SearchAnswer;
      seen.push(...answer.products.map((p) => p.id));
      if (!answer.pagination.has_next_page) break;
      cursor = answer.pagination.cursor;
    }
    const web = await t.app.inject({ method: 'GET', url: '/api/parts?kind=gpu,storage' });
    expect(seen).toEqual(web.json<{ _id: string }[]>().map((p) => p._id));
    expect(seen).toHaveLength(4);
  });

  it('takes a page size above the most it serves as that most, and says so', async () => {
    const { status, json } = await catalog('search', { query: 'card', pagination: { limit: 1_000_000 } });
    expect(status).toBe(200);
    expect((json as SearchAnswer).messages).toEqual([expect.objectContaining({ type: 'info', code: 'limit_clamped' })]);
  });

  it('leaves out a price filter in another currency, and says so', async () => {
    const { json } = await catalog('search', {
      filters: { categories: ['gpu'], price: { max: 100 } },
      context: { currency: 'EUR' },
    });
    expect((json as SearchAnswer).products).toHaveLength(3);
    expect((json as SearchAnswer).messages?.[0]?.code).toBe('price_filter_ignored');
  });

  it('refuses input it cannot run with a 400 naming the field, and never a 5xx', async () => {
    const refused = async (body: unknown, path: string, content: RegExp) => {
      const { status, json } = await catalog('search', body);
      expect(status, JSON.stringify(json)).toBe(400);
      expect((json as Refusal).messages[0]).toMatchObject({ code: 'invalid_request', path });
      expect((json as Refusal).messages[0]?.content).toMatch(content);
    };
    await refused({ query: 'card', filters: { colour: 'red' } }, '$.filters', /filters\.colour: not a filter/);
    await refused({ query: 'gr\u0000aphics' }, '$.query', /invalid character/);
    await refused({ filters: { categories: ['shoes'] } }, '$.filters.categories', /Kind must be one of cpu/);
    await refused({ filters: { price: { min: 500, max: 100 } } }, '$.filters.price.max', /below min price/);
    await refused({ query: 'card', pagination: { limit: 2 ** 64 } }, '$.pagination.limit', /whole number/);
    await refused({ query: 'card', pagination: { limit: 0 } }, '$.pagination.limit', /at least 1/);
    await refused({ query: 'card', pagination: { cursor: 'not-a-cursor' } }, '$.pagination.cursor', /cursor/i);
    await refused({ query: 'x'.repeat(201) }, '$.query', /at most 200/);
    await refused({}, '$', /Send a query/);
    await refused({ query: '!!!' }, '$', /Send a query/);
  });
});

describe.skipIf(!official)('catalog.lookup and catalog.product', () => {
  it('answers parts by id in the order asked, once each, and names the ids it does not know', async () => {
    const unknown = '019a0000-0000-7000-8000-000000000000';
    const { status, json } = await catalog('lookup', {
      ids: [ids.ssd, 'not-an-id', ids.cheap, unknown, ids.ssd],
    });
    expect(status).toBe(200);
    const answer = json as SearchAnswer;
    expect(answer.products.map((p) => p.id)).toEqual([ids.ssd, ids.cheap]);
    expect(answer.products[0]?.variants[0]?.inputs).toEqual([{ id: ids.ssd, match: 'exact' }]);
    // A variant without its correlation, or a price in dollars, is refused by the official schema: the check bites.
    const variant = answer.products[0]?.variants[0];
    const broken = (change: Json) => ({
      ...json,
      products: [{ ...answer.products[0], variants: [{ ...variant, ...change }] }],
    });
    expect(schemas.catalogLookup(broken({ inputs: undefined }))).not.toEqual([]);
    expect(schemas.catalogLookup(broken({ price: { amount: 179.99, currency: 'USD' } }))).not.toEqual([]);
    expect(answer.messages).toEqual([
      { type: 'info', code: 'not_found', content: 'not-an-id' },
      { type: 'info', code: 'not_found', content: unknown },
    ]);
    // Filters narrow what is found without calling it missing.
    const cheap = await catalog('lookup', { ids: [ids.cheap, ids.dear], filters: { price: { max: 30_000 } } });
    expect((cheap.json as SearchAnswer).products.map((p) => p.id)).toEqual([ids.cheap]);
    expect((cheap.json as SearchAnswer).messages).toBeUndefined();
  });

  it('refuses more ids than one lookup takes as request_too_large', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `019a0000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const { status, json } = await catalog('lookup', { ids: many });
    expect(status).toBe(400);
    expect((json as Refusal).messages[0]).toMatchObject({ code: 'request_too_large', path: '$.ids' });
    expect((await catalog('lookup', { ids: [] })).status).toBe(400);
  });

  it('answers one product in full, and a missing one as the spec’s not_found outcome', async () => {
    const { status, json } = await catalog('product', { id: ids.dear, selected: [{ name: 'Color', label: 'Red' }] });
    expect(status).toBe(200);
    const product = (json as { product: Product & { metadata: Json } }).product;
    expect(product).toMatchObject({
      id: ids.dear,
      title: 'Asus Strix graphics card',
      url: `https://shop.example/parts/${ids.dear}`,
    });
    expect(product.metadata).toMatchObject({ brand: 'Asus', kind: 'Graphics card', specs: { Length: '300 mm' } });
    expect(product.variants[0]?.metadata).toEqual({ stock: 2, minimum_order: 1 });

    const missing = await catalog('product', { id: '019a0000-0000-7000-8000-000000000000' });
    expect(missing.status).toBe(200);
    expect(missing.json).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found' }] });
    expect((await catalog('product', { id: 'nope' })).json).toMatchObject({ messages: [{ code: 'not_found' }] });
  });

  it('gives variant ids a checkout takes as item ids, at the price the catalog showed', async () => {
    const { json } = await catalog('lookup', { ids: [ids.cheap] });
    const variant = (json as SearchAnswer).products[0]?.variants[0];
    expect(variant?.id).toBeDefined();
    const created = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(variant?.id ?? '', 2));
    expect(created.statusCode, created.body).toBe(201);
    const session = ucpCheckoutSchema.parse(created.json());
    expect(session.status).toBe('ready_for_complete');
    expect(session.line_items[0]?.item).toMatchObject({ id: variant?.id, price: variant?.price.amount });
  });
});

describe('who may read the catalog', () => {
  it('needs the UCP-Agent header, as every UCP call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ucp/catalog/search',
      headers: { 'request-id': 'r1', 'content-type': 'application/json' },
      payload: { query: 'card' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ messages: [{ code: 'invalid_profile_url' }] });
  });

  it('checks a key when one is offered: a wrong key is 401', async () => {
    const { status, json } = await catalog('search', { query: 'card' }, t, ucpHeaders({ 'x-api-key': 'psa_made_up' }));
    expect(status).toBe(401);
    expect((json as Refusal).messages[0]?.code).toBe('unauthorized');
  });

  describe('in production', () => {
    const prod = useTestApp({ config: productionEnv() });
    const headers = () => ucpHeaders({}, 'http://127.0.0.1:9/.well-known/ucp');

    it('lets a catalog read in without a key, where a checkout read is refused 401', async () => {
      const read = await ucp(prod, 'POST', '/catalog/search', { query: 'card' }, headers(), { unsigned: true });
      // Admitted, it goes on to fetch the profile, which production refuses on loopback: a test cannot serve a
      // public https profile, so that refusal is what admission looks like.
      expect(read.statusCode, read.body).toBe(400);
      expect(read.json()).toMatchObject({ code: 'invalid_profile_url' });
      const checkout = await ucp(prod, 'GET', '/checkout-sessions/x', undefined, headers(), { unsigned: true });
      expect(checkout.statusCode).toBe(401);
    });
  });

  describe('the per-client limit', () => {
    const limited = useTestApp({ config: { RATE_LIMIT_MCP_PER_MINUTE: '3' } });

    it('answers 429 past the client’s budget, which the MCP endpoint spends too', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await ucp(limited, 'POST', '/catalog/search', { query: 'card' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const mcp = await limited.app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(mcp.statusCode).toBe(429);
    });
  });
});
