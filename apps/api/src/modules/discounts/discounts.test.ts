import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountMessages, type Discount } from '@parts-shop/shared/discount';
import { auditLog } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';

const t = useTestApp({
  users: { admin: { email: 'owner@example.com', role: 'admin' }, alice: 'alice@example.com' },
});
const { admin, alice } = t.users;

const WELCOME = { code: 'welcome10', title: 'Welcome', kind: 'percentage', value: 10, combinable: true, priority: 10 };

function create(payload: Record<string, unknown>, headers = admin) {
  return t.app.inject({ method: 'POST', url: '/api/discounts', headers, payload });
}

async function created(payload: Record<string, unknown>): Promise<Discount> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Discount>();
}

function patch(id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/discounts/${id}`, headers: admin, payload });
}

async function auditOf(id: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'discount'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
}

describe('the admin discounts API', () => {
  it('creates a code in upper case, lists it with no uses, and audits the creation', async () => {
    const discount = await created(WELCOME);
    expect(discount).toMatchObject({
      code: 'WELCOME10',
      kind: 'percentage',
      value: 10,
      status: 'active',
      uses: 0,
      given: 0,
      paused: false,
      parts: [],
      minSubtotal: null,
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/discounts', headers: admin })).json<Discount[]>();
    expect(list.map((d) => d.id)).toContain(discount.id);
    const [entry] = await auditOf(discount.id);
    expect(entry).toMatchObject({ kind: 'discount.create', before: null, after: { code: 'WELCOME10', value: 10 } });
  });

  it('refuses a code another discount has in any case with 409, and stores nothing', async () => {
    await created({ ...WELCOME, code: 'Summer' });
    const res = await create({ ...WELCOME, code: 'sUMMER', title: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: discountMessages.codeTaken });
    const list = (await t.app.inject({ method: 'GET', url: '/api/discounts', headers: admin })).json<Discount[]>();
    expect(list.filter((d) => d.code === 'SUMMER')).toHaveLength(1);
  });

  it('refuses bad bodies with 400: a percentage over 100, a value on free shipping, an end before the start', async () => {
    const bad = [
      { ...WELCOME, code: 'BAD1', value: 101 },
      { ...WELCOME, code: 'BAD2', kind: 'free_shipping', value: 5 },
      { ...WELCOME, code: 'BAD3', kind: 'fixed_order', value: 1.234 },
      { ...WELCOME, code: 'BAD4', startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      { ...WELCOME, code: 'bad code' },
      { ...WELCOME, code: 'BAD5', usageLimit: 0 },
    ];
    for (const body of bad) expect((await create(body)).statusCode, JSON.stringify(body)).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await create({ ...WELCOME, code: 'NOPE' }, alice)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/discounts', headers: alice })).statusCode).toBe(403);
  });

  it('stores amounts exactly: dollars to cents, a percentage to hundredths', async () => {
    const fixed = await created({
      code: 'SAVE20',
      title: '$20 off $100',
      kind: 'fixed_order',
      value: 20,
      minSubtotal: 100,
      combinable: false,
      priority: 5,
    });
    expect(fixed).toMatchObject({ value: 20, minSubtotal: 100, combinable: false });
    const odd = await created({ ...WELCOME, code: 'ODD', value: 12.5 });
    expect(odd.value).toBe(12.5);
  });

  it('patches rules, pauses and ends; checks the whole discount after the patch; audits only what changed', async () => {
    const discount = await created({ ...WELCOME, code: 'PATCHME', kinds: ['psu'], usageLimit: 5 });
    const paused = await patch(discount.id, { paused: true, usageLimit: null });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<Discount>()).toMatchObject({ paused: true, status: 'paused', usageLimit: null, kinds: ['psu'] });

    const ended = await patch(discount.id, { paused: false, endsAt: '2020-01-01T00:00:00Z' });
    expect(ended.json<Discount>()).toMatchObject({ status: 'ended', endsAt: '2020-01-01T00:00:00.000Z' });

    // Past its end, a start after it is refused as POST refuses it; nothing changes.
    expect((await patch(discount.id, { startsAt: '2021-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect((await patch(discount.id, { value: 150 })).statusCode).toBe(400);
    expect((await patch(discount.id, { code: 'OTHER' })).statusCode).toBe(400);
    const now = (
      await t.app.inject({ method: 'GET', url: `/api/discounts/${discount.id}`, headers: admin })
    ).json<Discount>();
    expect(now).toMatchObject({ value: 10, startsAt: null, code: 'PATCHME' });

    const entries = await auditOf(discount.id);
    expect(entries.map((e) => e.kind)).toEqual(['discount.create', 'discount.update', 'discount.update']);
    expect(entries[1]).toMatchObject({
      before: { paused: false, usageLimit: 5 },
      after: { paused: true, usageLimit: null },
    });
    expect(Object.keys(entries[2]?.after ?? {}).sort()).toEqual(['endsAt', 'paused']);
  });

  it('deletes a discount no order carries, audited; an unknown or malformed id is 404', async () => {
    const discount = await created({ ...WELCOME, code: 'GONE' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/discounts/${discount.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'GET', url: `/api/discounts/${discount.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/discounts/nope', headers: admin })).statusCode).toBe(404);
    expect((await auditOf(discount.id)).map((e) => e.kind)).toEqual(['discount.create', 'discount.delete']);
  });
});
