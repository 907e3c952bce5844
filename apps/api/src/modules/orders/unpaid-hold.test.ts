import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientConfigSchema } from '@parts-shop/shared/client-config';
import { emailOutbox, orders, strayPaymentRefunds } from '#api/db/schema.ts';
import { expireOverdueOrders, unpaidHold } from '#api/domain/unpaid-orders/expire-unpaid-orders.ts';
import { useTestApp } from '#api-test/test-app.ts';
import {
  addPart,
  confirmCard,
  orderBody,
  orderRow,
  placeOrder,
  startPayment,
  stockOf,
  type Auth,
} from '#api-test/shop-fixtures.ts';

const HOLD_MINUTES = 30;
const MAX_UNPAID = 3;

const t = useTestApp({
  config: { UNPAID_HOLD_MINUTES: String(HOLD_MINUTES), MAX_UNPAID_ORDERS: String(MAX_UNPAID) },
  users: { alice: 'alice@example.com' },
});
const { alice } = t.users;

async function backdate(orderId: string, minutes = HOLD_MINUTES + 1) {
  await t.database.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));
}

/** The cancelled emails queued for one order, with the reason each gives. */
async function cancelledEmails(orderId: string) {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
  return rows
    .filter((r) => r.kind === 'order-cancelled')
    .map((r) => (r.payload as { cancelReason?: string }).cancelReason);
}

const sweep = () => expireOverdueOrders(t.database.db, t.deps.payments, unpaidHold(t.deps.config));

/** A fresh customer, so the unpaid cap of one test does not meet another's orders. */
let customers = 0;
async function newCustomer(): Promise<Auth> {
  customers += 1;
  return t.signIn(`holder${customers}@example.com`);
}

describe('an unpaid order holds its stock for UNPAID_HOLD_MINUTES', () => {
  it('tells the browser how long unpaid orders are held', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(clientConfigSchema.parse(res.json()).orders.unpaidHoldMinutes).toBe(HOLD_MINUTES);
  });

  it('keeps an order younger than the hold, and the sweep leaves it alone', async () => {
    const partId = await addPart(t, { available: 5 });
    const order = await placeOrder(t, alice, partId, 2);
    await backdate(order._id, HOLD_MINUTES - 1);
    await sweep();
    expect(await orderRow(t, order._id)).toBeDefined();
    expect(await cancelledEmails(order._id)).toEqual([]);
    expect(await stockOf(t, partId)).toBe(3);
  });

  it('the sweep cancels an overdue order and its open intent, and returns its stock', async () => {
    const partId = await addPart(t, { available: 5 });
    const order = await placeOrder(t, alice, partId, 2);
    const { clientSecret } = await startPayment(t, alice, order._id);
    await backdate(order._id);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await orderRow(t, order._id)).toBeUndefined();
    expect(await stockOf(t, partId)).toBe(5);
    // The intent is cancelled, so the card can no longer pay for the gone order.
    expect((await confirmCard(t, clientSecret)).statusCode).toBe(409);
  });

  it('two sweeps at once cancel each overdue order exactly once', async () => {
    const partId = await addPart(t, { available: 10 });
    const customer = await newCustomer();
    const placed = [];
    for (let i = 0; i < 3; i += 1) placed.push(await placeOrder(t, customer, partId, 2));
    for (const order of placed) await backdate(order._id);
    await Promise.all([sweep(), sweep()]);
    for (const order of placed) {
      expect(await orderRow(t, order._id)).toBeUndefined();
      // Queued with the cancellation, in its transaction: one email per order, never two.
      expect(await cancelledEmails(order._id)).toEqual(['expired']);
    }
    expect(await stockOf(t, partId)).toBe(10);
  });

  it('reading the order cancels it once overdue (kept on record, cancelled by nobody), even before a sweep', async () => {
    const partId = await addPart(t, { available: 5 });
    const order = await placeOrder(t, alice, partId, 1);
    await backdate(order._id);
    const res = await t.app.inject({ url: `/api/orders/${order._id}`, headers: alice });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelledBy: null, cancelReason: 'Not paid in time' });
    expect(await stockOf(t, partId)).toBe(5);
  });

  it("another customer's order for the part, or the customer's own list, returns overdue stock", async () => {
    const partId = await addPart(t, { available: 5 });
    const first = await placeOrder(t, alice, partId, 2);
    await backdate(first._id);
    // Reading the part changes nothing (it may be read from a replica or a cache); ordering it frees the units.
    const part = await t.app.inject({ url: `/api/parts/${partId}` });
    expect(part.json<{ available: number }>().available).toBe(3);
    // Four units: more than the shelf held until the overdue order ended.
    await placeOrder(t, await newCustomer(), partId, 4);
    expect(await orderRow(t, first._id)).toBeUndefined();
    expect(await stockOf(t, partId)).toBe(1);

    const second = await placeOrder(t, alice, partId, 1);
    await backdate(second._id);
    const list = await t.app.inject({ url: '/api/orders?limit=100', headers: alice });
    expect(list.json<{ _id: string }[]>().map((o) => o._id)).not.toContain(second._id);
    expect(await stockOf(t, partId)).toBe(1);
  });

  it('never cancels a paid order', async () => {
    const partId = await addPart(t, { available: 5 });
    const order = await placeOrder(t, alice, partId, 2);
    const { clientSecret } = await startPayment(t, alice, order._id);
    expect((await confirmCard(t, clientSecret)).statusCode).toBe(200);
    await backdate(order._id);
    await sweep();
    expect(await orderRow(t, order._id)).toMatchObject({ paid: true });
    expect(await stockOf(t, partId)).toBe(3);
  });

  it('a payment racing the expiry either pays a held order or is refused, never both paid and restocked', async () => {
    const partId = await addPart(t, { available: 50 });
    const customer = await newCustomer();
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const order = await placeOrder(t, customer, partId, 1);
      const { clientSecret } = await startPayment(t, customer, order._id);
      await backdate(order._id);
      const before = await stockOf(t, partId);
      const [, confirm] = await Promise.all([sweep(), confirmCard(t, clientSecret)]);
      const row = await orderRow(t, order._id);
      const after = await stockOf(t, partId);
      if (row) {
        expect(row.paid).toBe(true);
        expect(confirm.statusCode).toBe(200);
        expect(after).toBe(before);
        outcomes.add('paid');
      } else {
        expect(confirm.statusCode).toBe(409);
        expect(after).toBe((before ?? 0) + 1);
        // Refused, or, had the money been taken, refunded: never kept for a gone order.
        const kept = await t.database.db
          .select()
          .from(strayPaymentRefunds)
          .where(eq(strayPaymentRefunds.orderId, order._id));
        expect(kept.every((r) => r.status === 'succeeded')).toBe(true);
        outcomes.add('cancelled');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

describe('MAX_UNPAID_ORDERS', () => {
  it('refuses the next unpaid order with a clear 409, and a paid or cancelled one frees a place', async () => {
    const customer = await newCustomer();
    const partId = await addPart(t, { available: 20 });
    const placed = [];
    for (let i = 0; i < MAX_UNPAID; i += 1) placed.push(await placeOrder(t, customer, partId, 1));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer,
      payload: orderBody(partId),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `You already have ${MAX_UNPAID} unpaid orders. Pay for or cancel one before ordering more.`,
    );
    expect(await stockOf(t, partId)).toBe(20 - MAX_UNPAID);

    const [first] = placed;
    if (!first) throw new Error('no order');
    const { clientSecret } = await startPayment(t, customer, first._id);
    expect((await confirmCard(t, clientSecret)).statusCode).toBe(200);
    await placeOrder(t, customer, partId, 1);
  });

  it('holds under simultaneous requests', async () => {
    const customer = await newCustomer();
    const partId = await addPart(t, { available: 20 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/orders', headers: customer, payload: orderBody(partId) }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_UNPAID);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(10 - MAX_UNPAID);
    expect(await stockOf(t, partId)).toBe(20 - MAX_UNPAID);
  });

  it('overdue orders do not count: they are cancelled first', async () => {
    const customer = await newCustomer();
    const partId = await addPart(t, { available: 20 });
    for (let i = 0; i < MAX_UNPAID; i += 1) await backdate((await placeOrder(t, customer, partId, 1))._id);
    await placeOrder(t, customer, partId, 1);
    expect(await stockOf(t, partId)).toBe(19);
  });
});

describe('MAX_UNPAID_ORDERS for a whole build (POST /orders/batch)', () => {
  const batch = (auth: Auth, partIds: string[]) => {
    const { phoneNumber, address } = orderBody('');
    const items = partIds.map((partId) => ({ partId, totalOrder: 1 }));
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/batch',
      headers: auth,
      payload: { items, phoneNumber, address },
    });
  };

  it('counts a build as one order: a build past the cap is refused whole and reserves nothing', async () => {
    const customer = await newCustomer();
    const single = await addPart(t, { available: 20 });
    const lines = [await addPart(t, { available: 5 }), await addPart(t, { available: 5 })];
    for (let i = 0; i < MAX_UNPAID; i += 1) await placeOrder(t, customer, single, 1);
    const refused = await batch(customer, lines);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `You already have ${MAX_UNPAID} unpaid orders. Pay for or cancel one before ordering more.`,
    );
    for (const partId of lines) expect(await stockOf(t, partId)).toBe(5);
    const stored = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.email, `holder${customers}@example.com`));
    expect(stored).toHaveLength(MAX_UNPAID);
  });

  it('places a build that reaches the cap exactly, then refuses the next order with the cap message', async () => {
    const customer = await newCustomer();
    const single = await addPart(t, { available: 20 });
    const lines = [await addPart(t, { available: 5 }), await addPart(t, { available: 5 })];
    await placeOrder(t, customer, single, 1);
    await placeOrder(t, customer, single, 1);
    expect((await batch(customer, lines)).statusCode).toBe(201);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer,
      payload: orderBody(single),
    });
    expect(next.statusCode).toBe(409);
    expect(next.json<{ message: string }>().message).toBe(
      `You already have ${MAX_UNPAID} unpaid orders. Pay for or cancel one before ordering more.`,
    );
    expect((await batch(customer, [await addPart(t)])).statusCode).toBe(409);
  });

  it('holds under simultaneous builds', async () => {
    const customer = await newCustomer();
    const partIds = [await addPart(t, { available: 50 }), await addPart(t, { available: 50 })];
    const results = await Promise.all(Array.from({ length: 6 }, () => batch(customer, partIds)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_UNPAID);
    for (const partId of partIds) expect(await stockOf(t, partId)).toBe(50 - MAX_UNPAID);
  });
});

describe('a second successful payment for an order already paid', () => {
  it('is refunded through the local gateway and recorded', async () => {
    const customer = await newCustomer();
    const partId = await addPart(t, { available: 5 });
    const order = await placeOrder(t, customer, partId, 1);
    // Two intents for one order, as two tabs racing could leave behind.
    const intents = await Promise.all(
      ['a', 'b'].map((key) =>
        t.deps.payments.createIntent(t.database.db, {
          orderId: order._id,
          groupId: null,
          amountCents: 12_999,
          idempotencyKey: `race-${order._id}-${key}`,
        }),
      ),
    );
    const answers = await Promise.all(intents.map((i) => confirmCard(t, i.clientSecret)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await orderRow(t, order._id);
    expect(row?.paid).toBe(true);
    const loser = intents.find((i) => i.id !== row?.transactionId);
    const recorded = await t.database.db
      .select()
      .from(strayPaymentRefunds)
      .where(eq(strayPaymentRefunds.orderId, order._id));
    expect(recorded).toMatchObject([
      { paymentId: loser?.id, reason: 'duplicate', status: 'succeeded', amountCents: 12_999, gateway: 'local' },
    ]);
    expect(recorded[0]?.refundId).toMatch(/^re_local_/);
  });
});
