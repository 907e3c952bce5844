import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@parts-shop/shared/audit';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, stockOf, type Auth } from '#api-test/shop-fixtures.ts';
import { findPart } from '#api/domain/catalog/parts.repo.ts';

// Manage Products' bulk actions (docs/product.md#bulk-actions): all or none, one audit record per part.

const t = useTestApp({ users: { admin: { email: 'boss@example.com', role: 'admin' }, alice: 'alice@example.com' } });
const { admin, alice } = t.users;

function post(auth: Auth | undefined, action: 'price' | 'stock' | 'delete', payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/parts/bulk/${action}`, headers: auth, payload });
}

async function pricesOf(ids: string[]) {
  return Promise.all(ids.map(async (id) => (await findPart(t.database.db, id))?.priceCents));
}

async function auditOf(kind: string, ids: string[]) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?kind=${kind}&limit=100`, headers: admin });
  return res
    .json<AuditEntry[]>()
    .filter((entry) => ids.includes(entry.entityId))
    .reverse();
}

describe('POST /api/parts/bulk/price', () => {
  it('changes every price by the percentage, rounded half up to the cent, one record per part', async () => {
    const ids = [
      await addPart(t, { priceCents: 10_000 }),
      await addPart(t, { priceCents: 1_995 }),
      await addPart(t, { priceCents: 5 }),
    ];
    const res = await post(admin, 'price', { ids, percent: -10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changedCount: 2, message: 'Parts repriced: 2' });
    // 1995 × 0.9 = 1795.5 → 1796; 5 × 0.9 = 4.5 → 5 (unchanged, so no record).
    expect(await pricesOf(ids)).toEqual([9_000, 1_796, 5]);
    const records = await auditOf('product.price', ids);
    expect(records.map((r) => [r.entityId, r.before, r.after])).toEqual([
      [ids[0], { priceCents: 10_000 }, { priceCents: 9_000 }],
      [ids[1], { priceCents: 1_995 }, { priceCents: 1_796 }],
    ]);
  });

  it('refuses the whole change when one part would cost less than a cent, naming it', async () => {
    const cheap = await addPart(t, { name: 'Cheap Screw', priceCents: 1 });
    const ids = [await addPart(t, { priceCents: 10_000 }), cheap];
    const res = await post(admin, 'price', { ids, percent: -60 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      'Cheap Screw would cost less than $0.01: no price was changed',
    );
    expect(await pricesOf(ids)).toEqual([10_000, 1]);
    expect(await auditOf('product.price', ids)).toEqual([]);
  });

  it.each([
    [{ percent: -100 }, 'Percent must be more than -100'],
    [{ percent: 0 }, 'Percent cannot be 0'],
    [{ percent: 1001 }, 'Percent must be at most 1000'],
    [{ percent: 1.234 }, 'Percent can have at most two decimals'],
    [{ percent: '10' }, 'Percent is Required'],
  ])('refuses %j with a 400 and changes nothing', async (body, message) => {
    const ids = [await addPart(t, { priceCents: 10_000 })];
    const res = await post(admin, 'price', { ids, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(await pricesOf(ids)).toEqual([10_000]);
  });

  it('refuses a part that is gone (404), a repeated part (400), a customer (403), and changes nothing', async () => {
    const id = await addPart(t, { priceCents: 10_000 });
    const gone = `${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`;
    const missing = await post(admin, 'price', { ids: [id, gone], percent: 10 });
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([404, apiMessages.partNotFound]);
    expect((await post(admin, 'price', { ids: [id, id], percent: 10 })).statusCode).toBe(400);
    expect((await post(admin, 'price', { ids: [], percent: 10 })).statusCode).toBe(400);
    expect((await post(alice, 'price', { ids: [id], percent: 10 })).statusCode).toBe(403);
    expect(await pricesOf([id])).toEqual([10_000]);
  });
});

describe('POST /api/parts/bulk/stock', () => {
  it("sets every part's stock, one record per part that moved", async () => {
    const ids = [
      await addPart(t, { available: 3 }),
      await addPart(t, { available: 40 }),
      await addPart(t, { available: 7 }),
    ];
    const res = await post(admin, 'stock', { ids, available: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changedCount: 2, message: 'Parts set to 7 in stock: 2' });
    expect(await Promise.all(ids.map((id) => stockOf(t, id)))).toEqual([7, 7, 7]);
    expect((await auditOf('product.stock', ids)).map((r) => [r.entityId, r.before, r.after])).toEqual([
      [ids[0], { available: 3 }, { available: 7 }],
      [ids[1], { available: 40 }, { available: 7 }],
    ]);
  });

  it('refuses a negative or fractional stock and a gone part, changing nothing', async () => {
    const id = await addPart(t, { available: 3 });
    expect((await post(admin, 'stock', { ids: [id], available: -1 })).statusCode).toBe(400);
    expect((await post(admin, 'stock', { ids: [id], available: 1.5 })).statusCode).toBe(400);
    const gone = `${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`;
    expect((await post(admin, 'stock', { ids: [id, gone], available: 9 })).statusCode).toBe(404);
    expect(await stockOf(t, id)).toBe(3);
  });
});

describe('POST /api/parts/bulk/delete', () => {
  it('deletes every chosen part, one record each; with one gone, deletes none', async () => {
    const kept = [await addPart(t), await addPart(t)];
    const gone = `${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`;
    expect((await post(admin, 'delete', { ids: [...kept, gone] })).statusCode).toBe(404);
    expect(await pricesOf(kept)).toEqual([12_999, 12_999]);

    const res = await post(admin, 'delete', { ids: kept });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changedCount: 2, message: 'Parts deleted: 2' });
    expect(await pricesOf(kept)).toEqual([undefined, undefined]);
    expect((await auditOf('product.delete', kept)).map((r) => r.entityId)).toEqual(kept);
  });
});
