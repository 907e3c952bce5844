import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderCounts } from '@parts-shop/shared/order';
import { overviewDaysMessage, type Overview } from '@parts-shop/shared/overview';
import type { UserSummary } from '@parts-shop/shared/user';
import { orderLines, orderRefunds, orders } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { useTestApp, type TestApp } from '#api-test/test-app.ts';
import { addPart, confirmCard, payOrder, placeOrder, recordPayment, startPayment } from '#api-test/shop-fixtures.ts';

const t = useTestApp({ users: { admin: { email: 'boss@example.com', role: 'admin' }, alice: 'alice@example.com' } });
const { admin, alice } = t.users;

/** Lines whose sold_at is not their order's paid_at while the order stands (none, ever). */
async function linesOutOfStep(app: TestApp): Promise<number> {
  const [row] = await app.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      sql`${orderLines.soldAt} is distinct from (case when ${orders.cancelledAt} is null then ${orders.paidAt} end)`,
    );
  return row?.n ?? -1;
}

function cancelOrder(id: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/cancel`,
    headers: admin,
    payload: { reason: 'changed plans' },
  });
}

async function overviewOf(app: TestApp, query = ''): Promise<Overview> {
  const res = await app.app.inject({ url: `/api/admin/overview${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Overview>();
}

describe('GET /api/admin/overview', () => {
  it('counts money paid and refunded and orders placed today, what waits, what sells and what runs out', async () => {
    const gpu = await addPart(t, { name: 'Overview GPU', priceCents: 10_000, available: 10 });
    const fan = await addPart(t, { name: 'Overview fan', priceCents: 2_550, available: 6 });
    const paid = await placeOrder(t, alice, gpu, 2);
    await payOrder(t, alice, paid._id);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid._id}/refunds`,
      headers: admin,
      payload: { amount: 30, reason: 'scratched box' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await placeOrder(t, alice, fan, 1);
    // A paid order cancelled by the admin: its money came in and went back, and it waits for nothing.
    const cancelled = await placeOrder(t, alice, fan, 1);
    await payOrder(t, alice, cancelled._id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled._id}/cancel`,
      headers: admin,
      payload: { reason: 'out of stock' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const view = await overviewOf(t, '?days=7');
    expect(view.days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(view.days.at(-1)).toEqual({ date: today, revenue: '225.50', refunds: '55.50', orders: 3 });
    for (const day of view.days.slice(0, -1))
      expect(day).toMatchObject({ revenue: '0.00', refunds: '0.00', orders: 0 });
    expect(view.days.map((d) => d.date)).toEqual([...view.days.map((d) => d.date)].sort());
    expect(view.toShip).toBe(1);
    expect(view.unpaid).toBe(1);
    expect(view.topParts).toEqual([{ partId: gpu, name: 'Overview GPU', units: 2, revenue: '200.00' }]);
    expect(view.lowStock).toEqual([{ id: fan, name: 'Overview fan', available: 5 }]);
  });

  it('counts as sold the lines of orders paid and still standing, however they were refunded, cancelled or raced', async () => {
    const kept = await addPart(t, { name: 'Best seller kept', priceCents: 40_000, available: 20 });
    const dropped = await addPart(t, { name: 'Best seller dropped', priceCents: 90_000, available: 20 });
    const refunded = await placeOrder(t, alice, kept, 3);
    await payOrder(t, alice, refunded._id);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${refunded._id}/refunds`,
      headers: admin,
      payload: { amount: 100, reason: 'dented' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const cancelled = await placeOrder(t, alice, dropped, 2);
    await payOrder(t, alice, cancelled._id);
    expect((await cancelOrder(cancelled._id)).statusCode).toBe(200);
    // The payment and the cancel land together: whichever the order's lock lets in first, the
    // order ends cancelled and its lines with it.
    const raced = await placeOrder(t, alice, dropped, 1);
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, raced._id);
    expect((await confirmCard(t, clientSecret)).statusCode).toBe(200);
    const [, cancel] = await Promise.all([recordPayment(t, alice, raced._id, paymentIntentId), cancelOrder(raced._id)]);
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect(await linesOutOfStep(t)).toBe(0);
    const { topParts } = await overviewOf(t, '?days=1');
    expect(topParts[0]).toEqual({ partId: kept, name: 'Best seller kept', units: 3, revenue: '1200.00' });
    expect(topParts.map((p) => p.partId)).not.toContain(dropped);

    // A line written straight to an order already paid (a restore, a data fix) is sold with it.
    await t.database.db.insert(orderLines).values({
      id: newId(),
      orderId: refunded._id,
      partId: kept,
      productName: 'Best seller kept',
      quantity: 1,
      unitPriceCents: 40_000,
    });
    expect(await linesOutOfStep(t)).toBe(0);
  });

  it('answers 30 days by default and up to 365', async () => {
    expect((await overviewOf(t)).days).toHaveLength(30);
    const year = await overviewOf(t, '?days=365');
    expect(year.days).toHaveLength(365);
    const dates = year.days.map((d) => d.date);
    expect(new Set(dates).size).toBe(365);
    expect(dates).toEqual([...dates].sort());
  });

  it.each(['0', '366', 'abc', '1.5', '', '-3'])('refuses days=%s with a 400 that says what it takes', async (days) => {
    const res = await t.app.inject({ url: `/api/admin/overview?days=${days}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(overviewDaysMessage);
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/overview' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/overview', headers: alice })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/overview?days=0', headers: alice })).statusCode).toBe(403);
  });
});

// The back office's other view of the same money: each customer on the users screen.
describe('GET /api/users: each user with sign-up date, orders and money spent', () => {
  it('counts orders not cancelled and money paid net of refunds, and Manage Orders lists only theirs', async () => {
    const carol = await t.signIn('carol@example.com');
    const dave = await t.signIn('dave@example.com');
    const part = await addPart(t, { priceCents: 5_000, available: 20 });
    const kept = await placeOrder(t, carol, part, 2);
    await payOrder(t, carol, kept._id);
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${kept._id}/refunds`,
      headers: admin,
      payload: { amount: 25, reason: 'late' },
    });
    await placeOrder(t, carol, part, 1);
    const dropped = await placeOrder(t, carol, part, 1);
    await t.app.inject({ method: 'DELETE', url: `/api/orders/${dropped._id}`, headers: carol });
    await placeOrder(t, dave, part, 1);

    const res = await t.app.inject({ url: '/api/users?q=carol', headers: admin });
    expect(res.statusCode).toBe(200);
    const [row] = res.json<UserSummary[]>();
    expect(row).toMatchObject({ email: 'carol@example.com', userName: 'carol', orders: 2, spent: '75.00' });
    expect(Date.parse(row?.signedUpAt ?? '')).toBeGreaterThan(Date.now() - 600_000);
    const nobody = (await t.app.inject({ url: '/api/users?q=boss', headers: admin })).json<UserSummary[]>();
    expect(nobody[0]).toMatchObject({ orders: 0, spent: '0.00' });

    const theirs = await t.app.inject({ url: '/api/allorders?status=all&customer=CAROL@example.com', headers: admin });
    expect(theirs.json<Order[]>().map((o) => o.email)).toEqual(['carol@example.com', 'carol@example.com']);
    const counts = await t.app.inject({ url: '/api/allorders/counts?customer=carol@example.com', headers: admin });
    expect(counts.json<OrderCounts>()).toMatchObject({ all: 2, unpaid: 1, cancelled: 1 });
    const bad = await t.app.inject({ url: '/api/allorders?customer=not-an-email', headers: admin });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the overview's days run midnight to midnight in SHOP_TIME_ZONE", () => {
  const zone = 'America/New_York';
  const ny = useTestApp({ config: { SHOP_TIME_ZONE: zone } });

  it("puts a minute before New York's midnight on the day before, and a minute after on today", async () => {
    const nyAdmin = await ny.signIn('boss@example.com', 'admin');
    const buyer = await ny.signIn('alice@example.com');
    const part = await addPart(ny, { priceCents: 1_000, available: 10 });
    const before = await placeOrder(ny, buyer, part, 1);
    const after = await placeOrder(ny, buyer, part, 2);
    await payOrder(ny, buyer, before._id);
    await payOrder(ny, buyer, after._id);
    await ny.app.inject({
      method: 'POST',
      url: `/api/orders/${before._id}/refunds`,
      headers: nyAdmin,
      payload: { amount: 4, reason: 'late' },
    });
    // Both instants fall on one UTC date (New York's midnight is 04:00 or 05:00 UTC).
    const midnight = sql`((now() at time zone ${zone})::date::timestamp at time zone ${zone})`;
    const db = ny.database.db;
    const minuteBefore = sql`${midnight} - interval '1 minute'`;
    await db.update(orders).set({ createdAt: minuteBefore, paidAt: minuteBefore }).where(eq(orders.id, before._id));
    await db.update(orderRefunds).set({ createdAt: minuteBefore }).where(eq(orderRefunds.orderId, before._id));
    const minuteAfter = sql`${midnight} + interval '1 minute'`;
    await db.update(orders).set({ createdAt: minuteAfter, paidAt: minuteAfter }).where(eq(orders.id, after._id));

    const res = await ny.app.inject({ url: '/api/admin/overview?days=2', headers: nyAdmin });
    const [yesterday, today] = res.json<Overview>().days;
    const localDate = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: zone });
    expect(today).toEqual({ date: localDate(0), revenue: '20.00', refunds: '0.00', orders: 1 });
    expect(yesterday).toEqual({ date: localDate(-1), revenue: '10.00', refunds: '4.00', orders: 1 });
  });
});
