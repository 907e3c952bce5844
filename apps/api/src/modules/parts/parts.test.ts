import { describe, expect, it } from 'vitest';
import { useTestApp } from '#api-test/test-app.ts';

const t = useTestApp();

const validPart = {
  name: 'Test GPU',
  description: 'Fast',
  img: 'https://example.com/gpu.png',
  minOrder: 1,
  available: 5,
  price: 199.99,
};

async function addPart(body: Record<string, unknown> = validPart) {
  const admin = await t.signIn('admin@example.com', 'admin');
  return t.app.inject({ method: 'POST', url: '/api/parts', headers: admin, payload: body });
}

describe('parts', () => {
  it('lists newest first and pages with a Link header', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await addPart({ ...validPart, name: `Part ${i}` });
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ insertedId: string }>().insertedId);
    }
    const first = await t.app.inject({ url: '/api/parts?limit=2' });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ name: string }[]>().map((p) => p.name)).toEqual(['Part 4', 'Part 3']);
    const link = first.headers.link as string;
    expect(link).toMatch(/rel="next"/);
    const next = /^<([^>]+)>/.exec(link)?.[1] ?? '';
    const second = await t.app.inject({ url: next });
    expect(second.json<{ name: string }[]>().map((p) => p.name)).toEqual(['Part 2', 'Part 1']);
    const all = await t.app.inject({ url: '/api/parts' });
    expect(all.json<unknown[]>().length).toBeGreaterThanOrEqual(5);
    expect(all.headers.link).toBeUndefined();
  });

  it('answers one part with price in dollars', async () => {
    const created = await addPart();
    const id = created.json<{ insertedId: string }>().insertedId;
    const res = await t.app.inject({ url: `/api/parts/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, price: 199.99, minOrder: 1, available: 5 });
  });

  it('reads the parts ids names in one list, newest first, leaving out ids that name no part', async () => {
    const ids: string[] = [];
    for (const name of ['Named A', 'Named B', 'Not named']) {
      const res = await addPart({ ...validPart, name });
      ids.push(res.json<{ insertedId: string }>().insertedId);
    }
    const [a = '', b = ''] = ids;
    const unknown = '01a2002f-be77-70a5-b53d-e9925797f9ba';
    for (const query of [`ids=${a},${b},${unknown}`, `ids=${a}&ids=${b}&ids=${a}`]) {
      const res = await t.app.inject({ url: `/api/parts?${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ name: string }[]>().map((p) => p.name)).toEqual(['Named B', 'Named A']);
    }
    // A filter still applies to the parts named.
    const cheap = await t.app.inject({ url: `/api/parts?ids=${a},${b}&maxPrice=1` });
    expect(cheap.json()).toEqual([]);
  });

  const manyIds = Array.from({ length: 101 }, (_, i) => `01a2002f-be77-70a5-b53d-${String(i).padStart(12, '0')}`);
  it.each([
    ['a malformed id', 'ids=not-an-id', 'ids must be part ids, separated by commas'],
    ['no id', 'ids=', 'ids must be part ids, separated by commas'],
    ['101 ids', `ids=${manyIds.join(',')}`, 'ids can name at most 100 parts'],
  ])('GET /api/parts with %s is a 400 that says why', async (_case, query, message) => {
    const res = await t.app.inject({ url: `/api/parts?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it.each([
    ['/api/parts/not-a-uuid', 404],
    ['/api/parts/01a2002f-be77-70a5-b53d-e9925797f9ba', 404],
    ['/api/parts?limit=0', 400],
    ['/api/parts?limit=-5', 400],
    ['/api/parts?limit=100000', 400],
    ['/api/parts?limit=abc', 400],
    ['/api/parts?cursor=%%%', 400],
    ['/api/parts?cursor=bm90LWFuLWlk', 400],
    ['/api/parts?unknown=1', 400],
  ])('GET %s answers %i with a JSON message', async (url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
  });
});
