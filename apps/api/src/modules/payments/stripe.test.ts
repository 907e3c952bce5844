import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@parts-shop/shared/order';
import { eq, sql } from 'drizzle-orm';
import { orders, strayPaymentRefunds } from '#api/db/schema.ts';
import { expireOverdueOrders, unpaidHold } from '#api/domain/unpaid-orders/expire-unpaid-orders.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { startFakeStripe, stripeConfig, type FakeIntent, type FakeStripe } from '#api-test/fake-stripe.ts';
import {
  addPart,
  orderRow,
  paymentRows,
  orderBody,
  placeOrder,
  recordPayment,
  startPayment,
  stockOf,
} from '#api-test/shop-fixtures.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

const WEBHOOK_SECRET = 'whsec_test_parts_shop_secret';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
const t = useTestApp({
  config: () => ({
    ...stripeConfig(fake, WEBHOOK_SECRET),
  }),
  users: { alice: 'alice@example.com' },
});
const { alice } = t.users;
beforeEach(() => {
  fake.setDown(false);
  fake.setDelay(0);
});

async function newOrder(quantity = 2) {
  const partId = await addPart(t, { priceCents: 12_999, available: 10 });
  return { partId, order: await placeOrder(t, alice, partId, quantity) };
}

function intentOf(id: string): FakeIntent {
  const intent = fake.intents.get(id);
  if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
  return intent;
}

function event(intent: FakeIntent, type = 'payment_intent.succeeded') {
  return JSON.stringify({
    id: `evt_${intent.id.slice(3)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: intent },
  });
}

function deliver(
  payload: string,
  signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

describe('the Stripe gateway (real SDK against a local fake Stripe)', () => {
  it('creates one card intent per order for the stored amount, with an idempotency key', async () => {
    const { order } = await newOrder();
    const first = await startPayment(t, alice, order._id);
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    const request = created.at(-1);
    expect(request?.body.get('amount')).toBe('25998');
    expect(request?.body.get('currency')).toBe('usd');
    expect(request?.body.get('metadata[orderId]')).toBe(order._id);
    expect(request?.body.get('allowed_payment_method_types[0]')).toBe('card');
    expect(request?.idempotencyKey).toBe(`order-${order._id}-0`);
    expect(request?.authorization).toBe('Bearer sk_test_parts_shop');
    const intent = fake.intents.get(first.paymentIntentId);
    expect(first.clientSecret).toBe(intent?.client_secret);

    // Asking again reuses the open intent (after checking it with Stripe).
    expect(await startPayment(t, alice, order._id)).toEqual(first);
    expect([...fake.intents.values()].filter((i) => i.metadata.orderId === order._id)).toHaveLength(1);
    expect(await paymentRows(t, order._id)).toMatchObject([
      { id: first.paymentIntentId, gateway: 'stripe', amountCents: 25_998 },
    ]);
  });

  it('records a payment only once Stripe says it succeeded', async () => {
    const { order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    const early = await recordPayment(t, alice, order._id, paymentIntentId);
    expect(early.statusCode).toBe(409);
    expect((await orderRow(t, order._id))?.paid).toBe(false);

    fake.succeed(paymentIntentId);
    const res = await recordPayment(t, alice, order._id, paymentIntentId);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ paid: true, transactionId: paymentIntentId });
    expect((await recordPayment(t, alice, order._id, paymentIntentId)).statusCode).toBe(200);
  });

  it('refuses an id Stripe does not know, and a payment for another order', async () => {
    const { order } = await newOrder();
    const forged = await recordPayment(t, alice, order._id, 'pi_doesnotexist00000000');
    expect(forged.statusCode).toBe(400);

    const { order: other } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, other._id);
    fake.succeed(paymentIntentId);
    const foreign = await recordPayment(t, alice, order._id, paymentIntentId);
    expect(foreign.statusCode).toBe(409);
    expect((await orderRow(t, order._id))?.paid).toBe(false);
  });

  it('reading the order asks Stripe about an open intent, so a lost webhook loses nothing', async () => {
    const { order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    fake.succeed(paymentIntentId);
    const res = await t.app.inject({ url: `/api/orders/${order._id}`, headers: alice });
    expect(res.json<Order>()).toMatchObject({ paid: true, transactionId: paymentIntentId });
  });

  it('cancelling an order cancels its intent at Stripe and returns the stock', async () => {
    const { partId, order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: alice });
    expect(res.statusCode).toBe(200);
    expect(fake.intents.get(paymentIntentId)?.status).toBe('canceled');
    expect(await stockOf(t, partId)).toBe(10);
    expect((await paymentRows(t, order._id))[0]?.status).toBe('canceled');
  });

  it('refuses to cancel an order whose intent already succeeded at Stripe, and marks it paid', async () => {
    const { partId, order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    fake.succeed(paymentIntentId);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: alice });
    expect(res.statusCode).toBe(409);
    expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: paymentIntentId });
    expect(await stockOf(t, partId)).toBe(8);
  });

  it('answers 502 when Stripe is down, and changes nothing', async () => {
    const { order } = await newOrder();
    fake.setDown(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice,
      payload: { orderId: order._id },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ message: string }>().message).toMatch(/payment provider/);
    expect(await paymentRows(t, order._id)).toHaveLength(0);
    // Reading the order still works while Stripe is down.
    expect((await t.app.inject({ url: `/api/orders/${order._id}`, headers: alice })).statusCode).toBe(200);
  });

  it('has no local test-card endpoint', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/local/confirm', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /webhooks/stripe', () => {
  it('marks the order paid once when the same signed event arrives three times', async () => {
    const { order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    const payload = event(fake.succeed(paymentIntentId));
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const paidAt = (await orderRow(t, order._id))?.paidAt;
    expect(paidAt).toBeInstanceOf(Date);
    const rest = await Promise.all([deliver(payload), deliver(payload)]);
    for (const r of rest) expect(r.statusCode).toBe(200);

    const row = await orderRow(t, order._id);
    expect(row).toMatchObject({ paid: true, transactionId: paymentIntentId, shipped: false });
    expect(row?.paidAt).toEqual(paidAt);
    expect(await paymentRows(t, order._id)).toMatchObject([{ id: paymentIntentId, status: 'succeeded' }]);
    // The browser's PATCH that follows agrees.
    expect((await recordPayment(t, alice, order._id, paymentIntentId)).json<Order>().transactionId).toBe(
      paymentIntentId,
    );
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    const payload = event({ ...intentOf(paymentIntentId), status: 'succeeded' });
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const tampered = payload.replace('"amount":25998', '"amount":1');
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const res of [
      await deliver(payload, wrongSecret),
      await deliver(tampered, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })),
      await deliver(payload, 't=1,v1=deadbeef'),
      await deliver(payload, stale),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(apiMessages.webhookSignature);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(await orderRow(t, order._id)).toMatchObject({ paid: false, transactionId: null });
  });

  it('does not mark an order paid for a different amount', async () => {
    const { order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    const intent = { ...fake.succeed(paymentIntentId), amount: 100 };
    const res = await deliver(event(intent));
    expect(res.statusCode).toBe(200);
    expect((await orderRow(t, order._id))?.paid).toBe(false);
  });

  it('acknowledges events it does not use', async () => {
    const { order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    const res = await deliver(event(intentOf(paymentIntentId), 'payment_intent.created'));
    expect(res.statusCode).toBe(200);
    const other = await deliver(
      JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } }),
    );
    expect(other.statusCode).toBe(200);
    expect((await orderRow(t, order._id))?.paid).toBe(false);
  });

  it('keeps ordinary JSON parsing for every other route', async () => {
    const { order } = await newOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice,
      payload: { orderId: order._id },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('no Stripe call inside a database transaction', () => {
  it('a cancel waiting on a slow Stripe (2 s a call) does not hold up orders for the same part', async () => {
    const { partId, order } = await newOrder(1);
    await startPayment(t, alice, order._id);
    const finished: string[] = [];
    fake.setDelay(2_000);
    const cancel = t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: alice }).then((res) => {
      finished.push('cancel');
      return res;
    });
    // Let the cancel reach Stripe before the next buyer arrives.
    while (!fake.requests.some((r) => r.path.endsWith('/cancel'))) await new Promise((r) => setTimeout(r, 20));
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: alice,
      payload: orderBody(partId),
    });
    finished.push('order');
    expect(bought.statusCode).toBe(201);
    expect((await cancel).statusCode).toBe(200);
    expect(finished).toEqual(['order', 'cancel']);
    expect(await stockOf(t, partId)).toBe(9);
  }, 30_000);

  it('an expired order has its Stripe intent cancelled and its stock returned', async () => {
    const { partId, order } = await newOrder(2);
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(orders.id, order._id));
    await expireOverdueOrders(t.database.db, t.deps.payments, unpaidHold(t.deps.config), { orderId: order._id });
    expect(intentOf(paymentIntentId).status).toBe('canceled');
    expect(await orderRow(t, order._id)).toBeUndefined();
    expect(await stockOf(t, partId)).toBe(10);
  });

  it('a second intent that succeeds for a paid order is refunded through Stripe and recorded', async () => {
    const { order } = await newOrder(1);
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
    const answers = await Promise.all(intents.map((i) => deliver(event(fake.succeed(i.id)))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const row = await orderRow(t, order._id);
    expect(row?.paid).toBe(true);
    const loser = intents.find((i) => i.id !== row?.transactionId);
    if (!loser) throw new Error('both intents paid the order');
    expect(fake.refunds.get(loser.id)).toMatchObject({ amount: 12_999 });
    expect(row?.transactionId && fake.refunds.has(row.transactionId)).toBe(false);
    const refundRequests = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(refundRequests.at(-1)?.idempotencyKey).toBe(`refund-${loser.id}`);
    expect(
      await t.database.db.select().from(strayPaymentRefunds).where(eq(strayPaymentRefunds.orderId, order._id)),
    ).toMatchObject([
      {
        paymentId: loser.id,
        reason: 'duplicate',
        status: 'succeeded',
        gateway: 'stripe',
        refundId: fake.refunds.get(loser.id)?.id,
      },
    ]);
    // The same event again refunds nothing more.
    expect((await deliver(event(intentOf(loser.id)))).statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(refundRequests.length);
  });
});
