import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Part } from '@parts-shop/shared/part';
import { emailOutbox, parts } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { addPart, orderBody, placeOrder } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { compatibleSpecs } from '#api-test/build-fixtures.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

// lowStockAt, the admins' one email per fall to it (docs/product.md#low-stock), and Manage Products' list.

const t = useTestApp({
  users: {
    admin: { email: 'admin@example.com', role: 'admin' },
    secondAdmin: { email: 'second-admin@example.com', role: 'admin' },
    customer: 'customer@example.com',
  },
});
const { admin, customer } = t.users;

async function lowStockEmails(partId: string) {
  const rows = await t.database.db
    .select({ recipient: emailOutbox.recipient })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'low-stock'), sql`${emailOutbox.payload}->>'partId' = ${partId}`));
  return rows.map((r) => r.recipient).sort();
}

async function setLowStockAt(id: string, lowStockAt: number | null, headers = admin) {
  const { version } = (await t.app.inject({ url: `/api/parts/${id}` })).json<Part>();
  return t.app.inject({ method: 'PATCH', url: `/api/parts/${id}`, headers, payload: { version, lowStockAt } });
}

const shelfPart = {
  description: 'A part for tests',
  img: 'https://example.com/part.png',
  minOrder: 1,
  available: 5,
  priceCents: 1_000,
};

describe('lowStockAt', () => {
  it('is set and unset by PATCH, answered on the part, and refused when not a whole number from 0', async () => {
    const id = await addPart(t);
    const set = await setLowStockAt(id, 4);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Part>().lowStockAt).toBe(4);
    expect((await setLowStockAt(id, null)).json<Part>().lowStockAt).toBeNull();
    for (const bad of [-1, 2.5, '3']) expect((await setLowStockAt(id, bad as number)).statusCode).toBe(400);
    expect((await setLowStockAt(id, 2, customer)).statusCode).toBe(403);
  });

  it('mails each admin once when orders take the stock to it, not again for the next order', async () => {
    const id = await addPart(t, { available: 10 });
    await setLowStockAt(id, 6);
    await placeOrder(t, customer, id, 3);
    expect(await lowStockEmails(id)).toEqual([]);
    await placeOrder(t, customer, id, 2);
    expect(await lowStockEmails(id)).toEqual(['admin@example.com', 'second-admin@example.com']);
    await placeOrder(t, customer, id, 1);
    expect(await lowStockEmails(id)).toHaveLength(2);
  });

  it('mails again after a restock above it and a new fall, including a write-off', async () => {
    const id = await addPart(t, { available: 5 });
    await setLowStockAt(id, 5);
    const stock = (delta: number) =>
      t.app.inject({ method: 'POST', url: `/api/parts/${id}/stock`, headers: admin, payload: { delta } });
    expect((await stock(5)).statusCode).toBe(200);
    expect(await lowStockEmails(id)).toHaveLength(0);
    expect((await stock(-6)).statusCode).toBe(200);
    expect(await lowStockEmails(id)).toHaveLength(2);
  });

  it('sends one email per admin when concurrent orders cross it together', async () => {
    const id = await addPart(t, { available: 12 });
    await setLowStockAt(id, 6);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: '/api/orders', headers: customer, payload: orderBody(id, 2) }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await lowStockEmails(id)).toEqual(['admin@example.com', 'second-admin@example.com']);
  });
});

// Manage Products (docs/product.md#low-stock): GET /api/admin/parts.
describe('GET /api/admin/parts', () => {
  type Managed = Part & { lowStock: boolean };
  // Names share a word no other part has, so a search keeps only this block's parts.
  let ids: Record<'bolt' | 'anvil' | 'crate' | 'dial', string>;
  beforeAll(async () => {
    ids = {
      bolt: await addPart(t, { name: 'Zqm bolt', available: 0, priceCents: 300 }),
      anvil: await addPart(t, { name: 'zqm Anvil', available: 4, priceCents: 900, lowStockAt: 4 }),
      crate: await addPart(t, { name: 'Zqm crate', available: 20, priceCents: 100, lowStockAt: 2 }),
      dial: await addPart(t, { name: 'Zqm dial', available: 9, priceCents: 500, ...compatibleSpecs.gpu }),
    };
  });

  const list = (query: string, headers: Record<string, string> | null = admin) =>
    t.app.inject({ url: `/api/admin/parts?${query}`, ...(headers ? { headers } : {}) });

  const get = (url: string) => t.app.inject({ url, headers: admin });

  /** Every page of a sort, two rows at a time, following the Link header. */
  async function names(query: string) {
    const seen: string[] = [];
    let url: string | undefined = `/api/admin/parts?q=zqm&limit=2&${query}`;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json<Managed[]>().map((p) => p.name));
      url = /^<([^<>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
    }
    return seen;
  }

  it('sorts the search by name, price and stock both ways, page after page, out-of-stock parts included', async () => {
    expect(await names('sort=name_asc')).toEqual(['zqm Anvil', 'Zqm bolt', 'Zqm crate', 'Zqm dial']);
    expect(await names('sort=name_desc')).toEqual(['Zqm dial', 'Zqm crate', 'Zqm bolt', 'zqm Anvil']);
    expect(await names('sort=price_asc')).toEqual(['Zqm crate', 'Zqm bolt', 'Zqm dial', 'zqm Anvil']);
    expect(await names('sort=stock_asc')).toEqual(['Zqm bolt', 'zqm Anvil', 'Zqm dial', 'Zqm crate']);
    expect(await names('sort=stock_desc')).toEqual(['Zqm crate', 'Zqm dial', 'zqm Anvil', 'Zqm bolt']);
    expect(await names('')).toEqual(['Zqm dial', 'Zqm crate', 'zqm Anvil', 'Zqm bolt']);
  });

  it('answers lowStock by the one rule, keeps only those with lowStock=true, and filters by kind', async () => {
    const all = (await list('q=zqm&sort=name_asc')).json<Managed[]>();
    // Anvil is at its own mark, bolt at 0 without one (5 by default); crate is above its mark of 2.
    expect(all.map((p) => [p._id, p.lowStock])).toEqual([
      [ids.anvil, true],
      [ids.bolt, true],
      [ids.crate, false],
      [ids.dial, false],
    ]);
    const low = (await list('q=zqm&lowStock=true&sort=name_asc')).json<Managed[]>();
    expect(low.map((p) => p._id)).toEqual([ids.anvil, ids.bolt]);
    const gpus = (await list('q=zqm&kind=gpu')).json<Managed[]>();
    expect(gpus.map((p) => p._id)).toEqual([ids.dial]);
  });

  it('matches the search against names only, not a brand or a description that has the word', async () => {
    const named = newId();
    await t.database.db.insert(parts).values([
      { ...shelfPart, id: named, name: 'Xvqcooler tower', brand: 'Acme' },
      { ...shelfPart, id: newId(), name: 'Masterbox case', brand: 'Xvqcooler Master' },
      { ...shelfPart, id: newId(), name: 'Thermal paste', description: 'For any xvqcooler' },
    ]);
    const found = await list('q=xvqcooler');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<Managed[]>().map((p) => p._id)).toEqual([named]);
    // The catalog's own search still reaches brands and descriptions.
    expect((await t.app.inject({ url: '/api/parts?q=xvqcooler' })).json<Part[]>()).toHaveLength(3);
  });

  it('is for admins only, and refuses a sort, filter or cursor it does not know with a 400', async () => {
    expect((await list('', null)).statusCode).toBe(401);
    expect((await list('', customer)).statusCode).toBe(403);
    const badSort = await list('sort=rating');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json<{ message: string }>().message).toMatch(/^Sort must be one of newest, name_asc/);
    expect((await list('lowStock=maybe')).json<{ message: string }>().message).toMatch(
      /lowStock must be true or false/,
    );
    expect((await list('sort=relevance')).statusCode).toBe(400);
    const first = await list('q=zqm&limit=1&sort=stock_asc');
    const cursor = /cursor=([^&>]+)/.exec(String(first.headers.link))?.[1] ?? '';
    const otherSort = await list(`q=zqm&limit=1&sort=name_asc&cursor=${cursor}`);
    expect(otherSort.statusCode).toBe(400);
    expect(otherSort.json<{ message: string }>().message).toBe(apiMessages.cursorOtherSort);
    const forged = Buffer.from(JSON.stringify(['stock_asc', 'x', ids.bolt])).toString('base64url');
    expect((await list(`sort=stock_asc&cursor=${forged}`)).json<{ message: string }>().message).toBe(
      apiMessages.invalidCursor,
    );
    expect((await list('cursor=not-json')).statusCode).toBe(400);
  });

  it('leaves stock sorts and the low-stock filter out of the public catalog', async () => {
    const bySort = await t.app.inject({ url: '/api/parts?sort=stock_asc' });
    expect(bySort.statusCode).toBe(400);
    expect(bySort.json<{ message: string }>().message).toMatch(/^Sort must be one of/);
    expect((await t.app.inject({ url: '/api/parts?lowStock=true' })).statusCode).toBe(400);
  });
});
