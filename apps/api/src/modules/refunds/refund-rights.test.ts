import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Order } from '@parts-shop/shared/order';
import { emailOutbox, orderReturns } from '#api/db/schema.ts';
import { addBuild } from '#api-test/build-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, payOrder, placeOrder, stockOf, type Auth } from '#api-test/shop-fixtures.ts';

// A refund takes its rights back (docs/security.md): a refunded line is no longer bought,
// units put back before shipping do not ship and cannot be returned, and a fully refunded
// order takes no return.

const t = useTestApp({ users: { admin: { email: 'money-back-admin@example.com', role: 'admin' } } });
const { admin } = t.users;
let buyers = 0;

async function customer(): Promise<Auth> {
  buyers += 1;
  return t.signIn(`refund-buyer${buyers}@example.com`);
}

/** A paid order of `quantity` units at $100.00 each, from a shelf of 10. */
async function paidOrder(buyer: Auth, quantity: number) {
  const partId = await addPart(t, { priceCents: 10_000, available: 10 });
  const order = await placeOrder(t, buyer, partId, quantity);
  await payOrder(t, buyer, order._id);
  return { partId, order };
}

async function paidBuild(buyer: Auth) {
  const ids = await addBuild(t, {}, { available: 3, priceCents: 5_000 });
  const placed = await t.call('POST', '/api/orders/batch', {
    as: buyer,
    body: {
      items: Object.values(ids).map((partId) => ({ partId, totalOrder: 1 })),
      phoneNumber: '+1 555 0100',
      address: '1 Main Street, Springfield',
    },
  });
  if (placed.statusCode !== 201) throw new Error(`the batch answered ${placed.statusCode}: ${placed.body}`);
  const [order] = placed.json<{ orders: Order[] }>().orders;
  if (!order) throw new Error('the batch answered no order');
  await payOrder(t, buyer, order._id);
  return { ids, order };
}

const refund = (orderId: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/orders/${orderId}/refunds`, { as: admin, body: { reason: 'Refund', ...body } });
const rate = (buyer: Auth, partId: string) =>
  t.call('POST', `/api/parts/${partId}/reviews`, { as: buyer, body: { rating: 5 } });
const askReturn = (buyer: Auth, orderId: string, partId: string, quantity: number) =>
  t.call('POST', `/api/orders/${orderId}/returns`, {
    as: buyer,
    body: { lines: [{ partId, quantity }], reason: 'changed_mind' },
  });

describe('a refunded buyer rating', () => {
  it('refuses 403 a buyer refunded in full, and says so before the form is offered', async () => {
    const buyer = await customer();
    const { partId, order } = await paidOrder(buyer, 2);
    expect((await refund(order._id, { amount: 200 })).statusCode).toBe(201);

    const rated = await rate(buyer, partId);
    expect(rated.statusCode, rated.body).toBe(403);
    expect(rated.json<{ message: string }>().message).toBe(apiMessages.partReviewBuyersOnly);
    const eligibility = await t.call('GET', `/api/parts/${partId}/reviews/eligibility`, { as: buyer });
    expect(eligibility.json()).toEqual({ canRate: false, reason: apiMessages.partReviewBuyersOnly });
  });

  it("refuses the part whose line was refunded in full, and keeps the build's other parts", async () => {
    const buyer = await customer();
    const { ids, order } = await paidBuild(buyer);
    const cpuLine = order.lines.find((line) => line.partId === ids.cpu);
    expect((await refund(order._id, { amount: 50, lineId: cpuLine?.id })).statusCode).toBe(201);

    expect((await rate(buyer, ids.cpu)).statusCode).toBe(403);
    expect((await rate(buyer, ids.memory)).statusCode).toBe(201);
  });

  it('still lets a buyer refunded in part rate the part', async () => {
    const buyer = await customer();
    const { partId, order } = await paidOrder(buyer, 2);
    expect((await refund(order._id, { amount: 100 })).statusCode).toBe(201);
    expect((await rate(buyer, partId)).statusCode).toBe(201);
  });
});

describe('shipping restocked units', () => {
  it('ships only the units a refund left, and returns only those', async () => {
    const buyer = await customer();
    const { partId, order } = await paidOrder(buyer, 3);
    const lineId = order.lines[0]?.id;
    expect((await refund(order._id, { amount: 100, lineId, restock: 1 })).statusCode).toBe(201);
    expect(await stockOf(t, partId)).toBe(8);

    const shipped = await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: { paid: false } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<Order>().lines).toMatchObject([{ quantity: 3, restocked: 1 }]);
    // The shipped email lists the two units that left, not the three ordered.
    const [email] = await t.database.db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, order._id))
      .orderBy(emailOutbox.id)
      .then((rows) => rows.filter((r) => (r.payload as { kind: string }).kind === 'order-shipped'));
    expect(email?.payload).toMatchObject({ quantity: 2, lines: [{ quantity: 2 }] });

    // Two went out: three is more than the buyer has to send back.
    const tooMany = await askReturn(buyer, order._id, partId, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ message: string }>().message).toBe(apiMessages.returnTooMany);
    expect((await askReturn(buyer, order._id, partId, 2)).statusCode).toBe(201);
    expect((await askReturn(buyer, order._id, partId, 1)).statusCode).toBe(409);
  });

  it('refuses to ship an order whose every unit went back, and leaves it unshipped', async () => {
    const buyer = await customer();
    const { order } = await paidOrder(buyer, 1);
    expect((await refund(order._id, { amount: 40, restock: true })).statusCode).toBe(201);
    const shipped = await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: { paid: false } });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json<{ message: string }>().message).toBe(apiMessages.shipNothingLeft);
    expect((await t.call('GET', `/api/orders/${order._id}`, { as: admin })).json<Order>().shipped).toBe(false);
  });
});

describe('a return on a fully refunded order', () => {
  it('is refused with its reason, and nothing is stored', async () => {
    const buyer = await customer();
    const { partId, order } = await paidOrder(buyer, 2);
    expect((await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: { paid: false } })).statusCode).toBe(
      200,
    );
    expect((await refund(order._id, { amount: 200 })).statusCode).toBe(201);

    const asked = await askReturn(buyer, order._id, partId, 1);
    expect(asked.statusCode).toBe(409);
    expect(asked.json<{ message: string }>().message).toBe(apiMessages.returnRefunded);
    const stored = await t.database.db.select().from(orderReturns).where(eq(orderReturns.orderId, order._id));
    expect(stored).toEqual([]);
  });

  it("refuses a line refunded in full, and takes back the build's other parts", async () => {
    const buyer = await customer();
    const { ids, order } = await paidBuild(buyer);
    expect((await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin, body: { paid: false } })).statusCode).toBe(
      200,
    );
    const cpuLine = order.lines.find((line) => line.partId === ids.cpu);
    expect((await refund(order._id, { amount: 50, lineId: cpuLine?.id })).statusCode).toBe(201);

    const cpu = await askReturn(buyer, order._id, ids.cpu, 1);
    expect(cpu.statusCode).toBe(409);
    expect(cpu.json<{ message: string }>().message).toBe(apiMessages.returnTooMany);
    expect((await askReturn(buyer, order._id, ids.memory, 1)).statusCode).toBe(201);
  });
});
