import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderCounts } from '@parts-shop/shared/order';
import type { OrderReturn, Refund, ReturnListItem } from '@parts-shop/shared/refunds';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { emailOutbox, orderLines, orderRefunds, orders, strayPaymentRefunds } from '#api/db/schema.ts';
import { addBuild, type Slot } from '#api-test/build-fixtures.ts';
import { useTestApp, type TestApp } from '#api-test/test-app.ts';
import { startFakeStripe, stripeConfig, type FakeStripe } from '#api-test/fake-stripe.ts';
import {
  addPart,
  confirmCard,
  orderRecord,
  payOrder,
  placeOrder,
  recordPayment,
  startPayment,
  stockOf,
  type Auth,
} from '#api-test/shop-fixtures.ts';

const t = useTestApp({
  users: { alice: 'alice@example.com', bob: 'bob@example.com', admin: { email: 'boss@example.com', role: 'admin' } },
});
const { alice, bob, admin } = t.users;

/** The lines and reason a return's email of this kind names ("2 × Name"). */
async function returnEmail(orderId: string, kind: string) {
  const [row] = await t.database.db
    .select({ payload: emailOutbox.payload })
    .from(emailOutbox)
    .where(sql`${emailOutbox.orderId} = ${orderId} and ${emailOutbox.kind} = ${kind}`);
  const payload = row?.payload as {
    lines: { productName: string; quantity: number }[];
    returnReason?: string;
    refundAmount?: string;
  };
  return {
    lines: payload.lines.map((line) => `${line.quantity} × ${line.productName}`).sort(),
    reason: payload.returnReason,
    refund: payload.refundAmount,
  };
}

async function outboxKinds(orderId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(eq(emailOutbox.orderId, orderId))
    .orderBy(emailOutbox.id);
  return rows.map((r) => r.kind);
}

/** A paid order of `quantity` units at $100.00 each, from a shelf of 10. */
async function paidOrder(app: TestApp, buyer: Auth, quantity = 2) {
  const partId = await addPart(app, { priceCents: 10_000, available: 10 });
  const order = await placeOrder(app, buyer, partId, quantity);
  await payOrder(app, buyer, order._id);
  return { partId, order };
}

function refundRows(app: TestApp, orderId: string) {
  return app.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}

describe('a cancelled order stays on record', () => {
  it('leaves My Orders, answers DELETE as before, and the shop still reads who and why', async () => {
    const partId = await addPart(t, { available: 10 });
    const order = await placeOrder(t, alice, partId, 3);
    const deleted = await t.call('DELETE', `/api/orders/${order._id}`, { as: alice });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(t, partId)).toBe(10);

    const mine = (await t.call('GET', '/api/orders', { as: alice })).json<Order[]>();
    expect(mine.map((o) => o._id)).not.toContain(order._id);
    const record = await t.call('GET', `/api/orders/${order._id}`, { as: admin });
    expect(record.statusCode).toBe(200);
    expect(record.json<Order>()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'alice@example.com',
      cancelReason: 'Cancelled by the customer',
      refunded: '0.00',
    });
    expect((await t.call('GET', `/api/orders/${order._id}`, { as: alice })).json<Order>().status).toBe('cancelled');
    expect((await t.call('GET', `/api/orders/${order._id}`, { as: bob })).statusCode).toBe(404);

    const tab = (q: string) => t.call('GET', `/api/allorders?q=${order.number}${q}`, { as: admin });
    expect((await tab('&status=cancelled')).json<Order[]>().map((o) => o._id)).toEqual([order._id]);
    expect((await tab('')).json<Order[]>()).toEqual([]);
    const counts = (await t.call('GET', `/api/allorders/counts?q=${order.number}`, { as: admin })).json<OrderCounts>();
    expect(counts).toMatchObject({ cancelled: 1, all: 0, unpaid: 0 });

    // Once cancelled it is gone to every action: a second cancel, paying, shipping.
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { as: alice })).statusCode).toBe(404);
    const pay = await t.call('POST', '/api/create-payment-intent', { as: alice, body: { orderId: order._id } });
    expect(pay.statusCode).toBe(404);
    expect(await stockOf(t, partId)).toBe(10);
  });
});

describe('an admin cancels a paid order', () => {
  it('refunds it in full once, puts every unit back, and records who and why', async () => {
    const { partId, order } = await paidOrder(t, alice, 3);
    expect(await stockOf(t, partId)).toBe(7);
    expect(
      (await t.call('POST', `/api/orders/${order._id}/cancel`, { as: alice, body: { reason: 'mine' } })).statusCode,
    ).toBe(403);

    const res = await t.call('POST', `/api/orders/${order._id}/cancel`, {
      as: admin,
      body: {
        reason: 'Out of stock at the supplier',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      status: 'cancelled',
      refunded: '300.00',
      cancelledBy: 'boss@example.com',
      cancelReason: 'Out of stock at the supplier',
    });
    expect(await stockOf(t, partId)).toBe(10);
    const again = await t.call('POST', `/api/orders/${order._id}/cancel`, { as: admin, body: { reason: 'twice' } });
    expect(again.statusCode).toBe(409);
    const rows = await refundRows(t, order._id);
    expect(rows).toMatchObject([
      { amountCents: 30_000, cause: 'cancel', status: 'succeeded', restockedUnits: 3, gateway: 'local' },
    ]);
    expect(rows[0]?.refundId).toBe(`re_local_order-refund-${rows[0]?.id}`);
    expect(await stockOf(t, partId)).toBe(10);
    expect(await outboxKinds(order._id)).toEqual([
      'order-placed',
      'payment-receipt',
      'order-cancelled',
      'order-refunded',
    ]);
    const history = (await t.call('GET', `/api/orders/${order._id}/refunds`, { as: alice })).json<{
      refunds: Refund[];
    }>();
    expect(history.refunds).toMatchObject([{ amount: '300.00', cause: 'cancel', status: 'succeeded' }]);
  });

  it('refuses a shipped order and changes nothing', async () => {
    const { partId, order } = await paidOrder(t, alice, 1);
    expect((await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin })).statusCode).toBe(200);
    const res = await t.call('POST', `/api/orders/${order._id}/cancel`, { as: admin, body: { reason: 'late' } });
    expect(res.statusCode).toBe(409);
    expect(await refundRows(t, order._id)).toEqual([]);
    expect(await stockOf(t, partId)).toBe(9);
  });
});

describe('partial refunds', () => {
  it('refund part, then the rest, and 409 past what is left; units back only as asked', async () => {
    const { partId, order } = await paidOrder(t, alice, 2);
    const refund = (body: Record<string, unknown>) =>
      t.call('POST', `/api/orders/${order._id}/refunds`, { as: admin, body: body });

    const lineId = order.lines[0]?.id;
    const first = await refund({ amount: 25.5, reason: 'Scratched box', lineId, restock: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json<Refund>()).toMatchObject({
      amount: '25.50',
      cause: 'refund',
      lineId,
      restocked: 1,
      status: 'succeeded',
    });
    expect(await stockOf(t, partId)).toBe(9);
    let now = (await t.call('GET', `/api/orders/${order._id}`, { as: alice })).json<Order>();
    expect(now).toMatchObject({ status: 'partly_refunded', refunded: '25.50' });

    const tooMuch = await refund({ amount: '174.51', reason: 'More' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ message: string }>().message).toBe('At most $174.50 is left to refund on this order');
    expect((await refund({ amount: 1, reason: 'x', restock: 2 })).statusCode).toBe(409);

    expect((await refund({ amount: '174.50', reason: 'The rest' })).statusCode).toBe(201);
    now = (await t.call('GET', `/api/orders/${order._id}`, { as: alice })).json<Order>();
    expect(now).toMatchObject({ status: 'refunded', refunded: '200.00' });
    expect((await refund({ amount: 0.01, reason: 'One cent more' })).statusCode).toBe(409);
    expect((await refundRows(t, order._id)).map((r) => r.amountCents)).toEqual([2_550, 17_450]);
    expect(await stockOf(t, partId)).toBe(9);
  });

  it('bad input, strangers and unpaid orders change nothing', async () => {
    const { partId, order } = await paidOrder(t, alice, 2);
    const url = `/api/orders/${order._id}/refunds`;
    for (const body of [
      { amount: 0, reason: 'zero' },
      { amount: -5, reason: 'negative' },
      { amount: 1.234, reason: 'fractions of a cent' },
      { amount: 'ten', reason: 'words' },
      { amount: 5 },
      { amount: 5, reason: '   ' },
      { amount: 5, reason: 'bad line', lineId: '0190a0c0-0000-7000-8000-000000000000' },
      { amount: 5, reason: 'extra', paid: false },
    ]) {
      expect((await t.call('POST', url, { as: admin, body: body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', url, { as: alice, body: { amount: 5, reason: 'me' } })).statusCode).toBe(403);
    expect((await t.call('POST', url, { body: { amount: 5, reason: 'me' } })).statusCode).toBe(401);
    const unpaid = await placeOrder(t, alice, partId, 1);
    expect(
      (await t.call('POST', `/api/orders/${unpaid._id}/refunds`, { as: admin, body: { amount: 5, reason: 'x' } }))
        .statusCode,
    ).toBe(409);
    expect(await refundRows(t, order._id)).toEqual([]);
    expect((await orderRecord(t, order._id))?.refundedCents).toBe(0);
    expect(await stockOf(t, partId)).toBe(7);
  });

  it('five refunds racing on one order never add up to more than was paid', async () => {
    const { order } = await paidOrder(t, alice, 2);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.call('POST', `/api/orders/${order._id}/refunds`, { as: admin, body: { amount: 80, reason: `race ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    const rows = await refundRows(t, order._id);
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(16_000);
    expect((await orderRecord(t, order._id))?.refundedCents).toBe(16_000);
  });
});

describe('an order of several lines', () => {
  const contact = { phoneNumber: '+1 555 0100', address: '1 Main Street, Springfield' };

  /** A paid build order (one order, a line per part, one unit each) from shelves of 3. */
  async function paidBuild() {
    const ids = await addBuild(t, {}, { available: 3, priceCents: 5_000 });
    const res = await t.call('POST', '/api/orders/batch', {
      as: alice,
      body: {
        items: Object.values(ids).map((partId) => ({ partId, totalOrder: 1 })),
        ...contact,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = res.json<{ orders: Order[] }>().orders;
    if (!order) throw new Error('the batch answered no order');
    await payOrder(t, alice, order._id);
    const lineOf = (slot: Slot) => order.lines.find((line) => line.partId === ids[slot]);
    const stock = async () => Promise.all(Object.values(ids).map((id) => stockOf(t, id)));
    return { ids, order, lineOf, stock };
  }
  const restockedOf = async (orderId: string) =>
    (
      await t.database.db
        .select({ partId: orderLines.partId, restocked: orderLines.restockedUnits })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
    ).filter((line) => line.restocked > 0);

  it("a refund names one of the order's lines and puts back units of that line only", async () => {
    const { ids, order, lineOf, stock } = await paidBuild();
    const url = `/api/orders/${order._id}/refunds`;
    const parts = Object.keys(ids).length;
    expect(await stock()).toEqual(Array.from({ length: parts }, () => 2));

    // Units go back from a line: with several, one must be named.
    const unnamed = await t.call('POST', url, { as: admin, body: { amount: 10, reason: 'Dented', restock: 1 } });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json<{ message: string }>().message).toBe(apiMessages.restockNeedsLine);
    // Another order's line is no line of this one.
    const other = await paidOrder(t, alice, 1);
    const foreign = await t.call('POST', url, {
      as: admin,
      body: { amount: 10, reason: 'x', lineId: other.order.lines[0]?.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toBe('No such line on this order');
    expect(await refundRows(t, order._id)).toEqual([]);

    const cpu = lineOf('cpu');
    const res = await t.call('POST', url, {
      as: admin,
      body: { amount: 40, reason: 'Bent pin', lineId: cpu?.id, restock: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Refund>()).toMatchObject({ amount: '40.00', lineId: cpu?.id, restocked: 1 });
    expect(await stockOf(t, ids.cpu)).toBe(3);
    expect(await restockedOf(order._id)).toEqual([{ partId: ids.cpu, restocked: 1 }]);
    // The line sold one, and it is back: no more of it.
    const again = await t.call('POST', url, {
      as: admin,
      body: { amount: 1, reason: 'x', lineId: cpu?.id, restock: 1 },
    });
    expect(again.statusCode).toBe(409);
    // A refund of money alone may still name the line, up to what the line was paid ($50, no tax on this address).
    expect(
      (await t.call('POST', url, { as: admin, body: { amount: 1, reason: 'Late', lineId: cpu?.id } })).statusCode,
    ).toBe(201);
    const past = await t.call('POST', url, { as: admin, body: { amount: 9.01, reason: 'Late', lineId: cpu?.id } });
    expect(past.statusCode).toBe(409);
    expect(past.json<{ message: string }>().message).toBe('At most $9.00 is left to refund on this line');
    expect((await refundRows(t, order._id)).length).toBe(2);

    // Cancelling puts back every unit not yet back, each line once, and refunds the rest.
    const cancel = await t.call('POST', `/api/orders/${order._id}/cancel`, {
      as: admin,
      body: { reason: 'Customer asked' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<Order>()).toMatchObject({ status: 'cancelled', refunded: order.totalPrice });
    expect(await stock()).toEqual(Array.from({ length: parts }, () => 3));
    expect((await restockedOf(order._id)).length).toBe(parts);
  });

  it("a return's parts are the order's lines for them; receiving restocks each", async () => {
    const { ids, order, stock } = await paidBuild();
    expect((await t.call('PATCH', `/api/shipped/${order._id}`, { as: admin })).statusCode).toBe(200);
    const ask = (lines: { partId: string; quantity: number }[]) =>
      t.call('POST', `/api/orders/${order._id}/returns`, { as: alice, body: { lines, reason: 'incompatible' } });
    // Each line sold one: two of a part, or a part not on the order, is more than it has.
    expect((await ask([{ partId: ids.cpu, quantity: 2 }])).statusCode).toBe(409);
    expect((await ask([{ partId: await addPart(t), quantity: 1 }])).statusCode).toBe(409);
    const made = await ask([
      { partId: ids.cpu, quantity: 1 },
      { partId: ids.memory, quantity: 1 },
    ]);
    expect(made.statusCode, made.body).toBe(201);
    expect((await ask([{ partId: ids.memory, quantity: 1 }])).statusCode).toBe(409);

    const received = await t.call('PATCH', `/api/returns/${made.json<OrderReturn>().id}`, {
      as: admin,
      body: {
        status: 'received',
        restock: true,
        refund: 100,
      },
    });
    expect(received.statusCode, received.body).toBe(200);
    // Its emails name the two parts sent back, not the build's every line.
    const named = async (partId: string) => (await t.call('GET', `/api/parts/${partId}`)).json<{ name: string }>().name;
    const sentBack = [`1 × ${await named(ids.cpu)}`, `1 × ${await named(ids.memory)}`].sort();
    expect(await returnEmail(order._id, 'return-requested')).toEqual({
      lines: sentBack,
      reason: 'Incompatible',
      refund: undefined,
    });
    expect(await returnEmail(order._id, 'return-received')).toEqual({
      lines: sentBack,
      reason: 'Incompatible',
      refund: '100.00',
    });
    expect(await stockOf(t, ids.cpu)).toBe(3);
    expect(await stockOf(t, ids.memory)).toBe(3);
    expect((await stock()).filter((n) => n === 2)).toHaveLength(Object.keys(ids).length - 2);
    expect(await restockedOf(order._id)).toEqual(
      expect.arrayContaining([
        { partId: ids.cpu, restocked: 1 },
        { partId: ids.memory, restocked: 1 },
      ]),
    );
  });
});

describe('a payment racing a cancel', () => {
  it('either stands or is refunded, never both', async () => {
    for (let round = 0; round < 4; round += 1) {
      const partId = await addPart(t, { priceCents: 10_000, available: 5 });
      const order = await placeOrder(t, alice, partId, 1);
      const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
      const [, cancel] = await Promise.all([
        confirmCard(t, clientSecret).then(() => recordPayment(t, alice, order._id, paymentIntentId)),
        t.call('DELETE', `/api/orders/${order._id}`, { as: alice }),
      ]);
      const row = await orderRecord(t, order._id);
      const strays = await t.database.db
        .select()
        .from(strayPaymentRefunds)
        .where(eq(strayPaymentRefunds.paymentId, paymentIntentId));
      if (cancel.statusCode === 200) {
        expect(row?.cancelledAt).not.toBeNull();
        expect(await stockOf(t, partId)).toBe(5);
        // The card may have been refused after the cancel; if it was taken, it went back.
        if (row?.paid === false && strays.length === 0) {
          expect((await t.call('GET', `/api/orders/${order._id}`, { as: alice })).json<Order>().paid).toBe(false);
        } else {
          expect(strays).toMatchObject([{ reason: 'order-gone' }]);
        }
      } else {
        expect(cancel.statusCode).toBe(409);
        expect(row).toMatchObject({ paid: true, cancelledAt: null, transactionId: paymentIntentId });
        expect(strays).toEqual([]);
        expect(await stockOf(t, partId)).toBe(4);
      }
    }
  });
});

describe('returns', () => {
  async function shippedOrder(quantity = 3) {
    const made = await paidOrder(t, alice, quantity);
    expect((await t.call('PATCH', `/api/shipped/${made.order._id}`, { as: admin })).statusCode).toBe(200);
    return made;
  }
  const ask = (auth: Auth, orderId: string, body: Record<string, unknown>) =>
    t.call('POST', `/api/orders/${orderId}/returns`, { as: auth, body: body });

  it('only the customer asks, for a shipped order, within 30 days, no more than was bought', async () => {
    const { partId, order } = await shippedOrder(3);
    const body = { lines: [{ partId, quantity: 2 }], reason: 'damaged_on_arrival' };
    expect((await ask(bob, order._id, body)).statusCode).toBe(404);
    expect((await ask(admin, order._id, body)).statusCode).toBe(403);
    expect((await ask(alice, order._id, { ...body, reason: 'damaged on arrival' })).statusCode).toBe(400);
    expect((await ask(alice, order._id, { ...body, lines: [] })).statusCode).toBe(400);
    expect((await ask(alice, order._id, { ...body, lines: [{ partId, quantity: 4 }] })).statusCode).toBe(409);
    const other = await addPart(t);
    expect((await ask(alice, order._id, { ...body, lines: [{ partId: other, quantity: 1 }] })).statusCode).toBe(409);

    const made = await ask(alice, order._id, body);
    expect(made.statusCode).toBe(201);
    expect(made.json<OrderReturn>()).toMatchObject({ status: 'requested', reason: 'damaged_on_arrival' });
    // Two asked, one left to ask for.
    expect((await ask(alice, order._id, body)).statusCode).toBe(409);

    const unshipped = await paidOrder(t, alice, 1);
    const notYet = await ask(alice, unshipped.order._id, {
      lines: [{ partId: unshipped.partId, quantity: 1 }],
      reason: 'changed_mind',
    });
    expect(notYet.statusCode).toBe(409);

    const old = await shippedOrder(1);
    await t.database.db
      .update(orders)
      .set({ shippedAt: sql`now() - interval '31 days'` })
      .where(eq(orders.id, old.order._id));
    const late = await ask(alice, old.order._id, {
      lines: [{ partId: old.partId, quantity: 1 }],
      reason: 'wrong_part',
    });
    expect(late.statusCode).toBe(409);
    expect(
      (await t.call('GET', `/api/orders/${old.order._id}/refunds`, { as: alice })).json<{ returns: unknown[] }>()
        .returns,
    ).toEqual([]);
  });

  it('only admins decide; receiving restocks and refunds as asked, once', async () => {
    const { partId, order } = await shippedOrder(3);
    const made = (
      await ask(alice, order._id, { lines: [{ partId, quantity: 2 }], reason: 'incompatible' })
    ).json<OrderReturn>();
    // Manage Orders lists it with its order, its customer and the part's name.
    const open = (await t.call('GET', '/api/returns', { as: admin })).json<ReturnListItem[]>();
    expect(open.find((r) => r.id === made.id)).toMatchObject({
      orderNumber: order.number,
      email: order.email,
      userName: order.userName,
      lines: [{ partId, quantity: 2, productName: order.productName }],
    });

    const patch = (auth: Auth, body: Record<string, unknown>) =>
      t.call('PATCH', `/api/returns/${made.id}`, { as: auth, body: body });
    expect((await patch(alice, { status: 'received', restock: true, refund: 200 })).statusCode).toBe(403);
    expect((await patch(admin, { status: 'approved', refund: 5 })).statusCode).toBe(400);
    expect((await patch(admin, { status: 'approved' })).json<OrderReturn>().status).toBe('approved');
    // A refund past what was paid refuses the whole receipt: no stock, no status change.
    expect((await patch(admin, { status: 'received', restock: true, refund: 300.01 })).statusCode).toBe(409);
    expect(await stockOf(t, partId)).toBe(7);

    const received = await patch(admin, { status: 'received', restock: true, refund: 200 });
    expect(received.statusCode).toBe(200);
    expect(received.json<OrderReturn>()).toMatchObject({ status: 'received', restocked: true, refunded: '200.00' });
    expect(await stockOf(t, partId)).toBe(9);
    expect((await t.call('GET', `/api/orders/${order._id}`, { as: alice })).json<Order>()).toMatchObject({
      status: 'partly_refunded',
      refunded: '200.00',
    });
    expect((await patch(admin, { status: 'received', restock: true, refund: 1 })).statusCode).toBe(409);
    expect(await stockOf(t, partId)).toBe(9);
    expect(await outboxKinds(order._id)).toEqual([
      'order-placed',
      'payment-receipt',
      'order-shipped',
      'return-requested',
      'return-approved',
      'return-received',
      'order-refunded',
    ]);
    const history = (await t.call('GET', `/api/orders/${order._id}/refunds`, { as: alice })).json<{
      refunds: Refund[];
      returns: OrderReturn[];
    }>();
    expect(history.refunds).toMatchObject([{ cause: 'return', amount: '200.00', reason: 'Return: Incompatible' }]);
    // The customer reads who decided as the shop (what-strangers-read.test.ts).
    expect(history.returns).toMatchObject([{ id: made.id, status: 'received', decidedBy: 'the shop' }]);
  });
});

describe('refunds through Stripe (the real SDK against the fake Stripe server)', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => fake.close());
  const s = useTestApp({
    config: () => ({
      ...stripeConfig(fake, 'whsec_test_parts_shop_secret'),
    }),
    users: { carol: 'carol@example.com', boss: { email: 'boss@example.com', role: 'admin' } },
  });
  const { carol, boss } = s.users;

  it('a partial refund and then a cancel refund the payment in two keyed refunds that add up to it', async () => {
    const partId = await addPart(s, { priceCents: 10_000, available: 10 });
    const order = await placeOrder(s, carol, partId, 2);
    const { paymentIntentId } = await startPayment(s, carol, order._id);
    fake.succeed(paymentIntentId);
    expect((await recordPayment(s, carol, order._id, paymentIntentId)).statusCode).toBe(200);

    const partial = await s.call('POST', `/api/orders/${order._id}/refunds`, {
      as: boss,
      body: { amount: 20, reason: 'Dent' },
    });
    expect(partial.statusCode).toBe(201);
    const cancel = await s.call('POST', `/api/orders/${order._id}/cancel`, {
      as: boss,
      body: { reason: 'Customer asked' },
    });
    expect(cancel.json<Order>()).toMatchObject({ status: 'cancelled', refunded: '200.00' });
    expect(await stockOf(s, partId)).toBe(10);

    const rows = await refundRows(s, order._id);
    const made = fake.refundLog.filter((r) => r.paymentIntent === paymentIntentId);
    expect(made.map((r) => r.amount)).toEqual([2_000, 18_000]);
    expect(made.map((r) => r.idempotencyKey)).toEqual(rows.map((r) => `order-refund-${r.id}`));
    expect(rows.map((r) => r.refundId)).toEqual(made.map((r) => r.id));
    expect(rows.every((r) => r.status === 'succeeded' && r.gateway === 'stripe')).toBe(true);
  });
});
