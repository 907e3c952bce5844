import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderStatus, type Order } from '@parts-shop/shared/order';
import { cardMessages, cardSchema } from '@parts-shop/shared/payment';
import { payments, strayPaymentRefunds } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';
import {
  GOOD_CARD,
  addPart,
  confirmCard,
  orderRow,
  payOrder,
  paymentRows,
  placeOrder,
  recordPayment,
  startPayment,
  stockOf,
  type Auth,
} from '#api-test/shop-fixtures.ts';

const t = useTestApp({ users: { alice: 'alice@example.com', bob: 'bob@example.com' } });
const { alice, bob } = t.users;

async function newOrder(auth: Auth = alice, quantity = 2, priceCents = 12_999) {
  const partId = await addPart(t, { priceCents, available: 10 });
  return { partId, order: await placeOrder(t, auth, partId, quantity) };
}

function card(change: Record<string, unknown>) {
  return { ...GOOD_CARD, ...change };
}

describe('paying with the local test-mode gateway', () => {
  it('pays with 4242 and the order becomes paid (Pending) with the intent as transaction id', async () => {
    const { order } = await newOrder();
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    expect(paymentIntentId).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_[A-Za-z0-9]{24}$`));

    const confirmed = await confirmCard(t, clientSecret);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      paymentIntent: { id: paymentIntentId, status: 'succeeded', amount: 25_998, currency: 'usd' },
    });

    const res = await recordPayment(t, alice, order._id, paymentIntentId);
    expect(res.statusCode).toBe(200);
    const paid = res.json<Order>();
    expect(paid).toMatchObject({
      _id: order._id,
      paid: true,
      shipped: false,
      transactionId: paymentIntentId,
      totalPrice: '259.98',
    });
    expect(orderStatus(paid)).toBe('Pending');
    const row = await orderRow(t, order._id);
    expect(row?.paidAt).toBeInstanceOf(Date);
    const [ledger] = await paymentRows(t, order._id);
    expect(ledger).toMatchObject({ status: 'succeeded', amountCents: 25_998, cardLast4: '4242', gateway: 'local' });
  });

  it('hands out the same open intent again instead of piling up new ones', async () => {
    const { order } = await newOrder();
    const first = await startPayment(t, alice, order._id);
    const again = await startPayment(t, alice, order._id);
    const both = await Promise.all([startPayment(t, alice, order._id), startPayment(t, alice, order._id)]);
    for (const other of [again, ...both]) expect(other).toEqual(first);
    expect(await paymentRows(t, order._id)).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 with 402, leaves the order unpaid and the intent payable again', async () => {
    const { order } = await newOrder();
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    const declined = await confirmCard(t, clientSecret, card({ number: '4000000000000002' }));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      message: 'Your card was declined.',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    expect((await orderRow(t, order._id))?.paid).toBe(false);
    expect((await recordPayment(t, alice, order._id, paymentIntentId)).statusCode).toBe(409);
    expect((await orderRow(t, order._id))?.paid).toBe(false);

    // The same page, the same secret, another card.
    expect(await startPayment(t, alice, order._id)).toEqual({ clientSecret, paymentIntentId });
    expect((await confirmCard(t, clientSecret)).statusCode).toBe(200);
    expect((await recordPayment(t, alice, order._id, paymentIntentId)).json<Order>().paid).toBe(true);
  });

  it.each([
    ['4000000000009995', cardMessages.insufficientFunds],
    ['4000000000000069', cardMessages.expired],
    ['4000000000000127', "Your card's security code is incorrect."],
    ['4000000000009987', 'Your card was declined.'],
    ['4111111111111111', cardMessages.liveCardInTestMode],
  ])("declines %s with Stripe's message", async (number, message) => {
    const { order } = await newOrder();
    const { clientSecret } = await startPayment(t, alice, order._id);
    const res = await confirmCard(t, clientSecret, card({ number }));
    expect(res.statusCode).toBe(402);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await orderRow(t, order._id))?.paid).toBe(false);
  });

  it.each([
    ['a bad Luhn checksum', { number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    ['letters in the number', { number: '4242abcd42424242' }, 'Your card number is invalid.'],
    ['a short number', { number: '4242 4242' }, 'Your card number is incomplete.'],
    ['an empty number', { number: '' }, 'Your card number is incomplete.'],
    ['a past expiry year', { expYear: 2020 }, "Your card's expiration date is in the past."],
    ['last month', { ...lastMonth() }, "Your card's expiration date is in the past."],
    ['month 13', { expMonth: 13 }, "Your card's expiration month is invalid."],
    ['a short CVC', { cvc: '12' }, "Your card's security code is incomplete."],
    ['a five-digit CVC', { cvc: '12345' }, "Your card's security code is invalid."],
    ['letters in the CVC', { cvc: '1a3' }, "Your card's security code is invalid."],
  ])('refuses %s with a clear message and changes nothing', async (_label, change, message) => {
    const { order } = await newOrder();
    const { clientSecret } = await startPayment(t, alice, order._id);
    const res = await confirmCard(t, clientSecret, card(change));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    const [ledger] = await paymentRows(t, order._id);
    expect(ledger).toMatchObject({ status: 'requires_payment_method', cardLast4: null });
  });

  it('accepts this month, two-digit years, string fields and a 4-digit CVC', async () => {
    const now = new Date();
    const { order } = await newOrder();
    const { clientSecret } = await startPayment(t, alice, order._id);
    const res = await confirmCard(t, clientSecret, {
      number: '4242-4242-4242-4242',
      expMonth: String(now.getMonth() + 1),
      expYear: String(now.getFullYear() % 100),
      cvc: '1234',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong or guessed client secret', async () => {
    const { order } = await newOrder();
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    for (const secret of [
      `${paymentIntentId}_secret_${'x'.repeat(24)}`,
      'pi_123_secret_456',
      'nonsense',
      clientSecret.slice(0, -1),
    ]) {
      const res = await confirmCard(t, secret);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(cardMessages.notFound);
    }
    expect((await paymentRows(t, order._id))[0]?.status).toBe('requires_payment_method');
  });

  it('confirming twice takes the money once and answers the same success', async () => {
    const { order } = await newOrder();
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    const results = await Promise.all([
      confirmCard(t, clientSecret),
      confirmCard(t, clientSecret),
      confirmCard(t, clientSecret),
    ]);
    for (const r of results) expect(r.json<{ paymentIntent: { id: string } }>().paymentIntent.id).toBe(paymentIntentId);
    expect((await paymentRows(t, order._id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });
});

describe('recording a payment (PATCH /orders/:id)', () => {
  it('is idempotent: the same id again, even at once, answers the same paid order', async () => {
    const { order } = await newOrder();
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    await confirmCard(t, clientSecret);
    const results = await Promise.all([1, 2, 3].map(() => recordPayment(t, alice, order._id, paymentIntentId)));
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.json<Order>()).toMatchObject({ paid: true, transactionId: paymentIntentId });
    }
    const later = await recordPayment(t, alice, order._id, paymentIntentId);
    expect(later.json()).toEqual(results[0]?.json());
  });

  it('refuses a forged transaction id and changes nothing', async () => {
    const { order } = await newOrder();
    for (const transactionId of [
      'pi_forgedforgedforged123',
      'ch_123456789',
      "'; drop table orders; --",
      'pi_../../v1/charges',
    ]) {
      const res = await recordPayment(t, alice, order._id, transactionId);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('No such payment');
    }
    expect(await orderRow(t, order._id)).toMatchObject({ paid: false, transactionId: null });
  });

  it("refuses another order's payment", async () => {
    const { order: paidOne } = await newOrder();
    const { order: other } = await newOrder();
    const paid = await payOrder(t, alice, paidOne._id);
    const res = await recordPayment(t, alice, other._id, paid.transactionId ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('That payment is not for this order');
    expect(await orderRow(t, other._id)).toMatchObject({ paid: false, transactionId: null });
  });

  it('refuses an intent that has not succeeded', async () => {
    const { order } = await newOrder();
    const { paymentIntentId } = await startPayment(t, alice, order._id);
    const res = await recordPayment(t, alice, order._id, paymentIntentId);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('That payment has not been completed');
    expect((await orderRow(t, order._id))?.paid).toBe(false);
  });

  it('refuses a payment whose amount differs from the order total', async () => {
    const { order } = await newOrder();
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    // As if the gateway had been asked for less: the shop must not take its word for this order.
    await t.database.db.update(payments).set({ amountCents: 100 }).where(eq(payments.id, paymentIntentId));
    // Money the order cannot take is refunded at once, not left for someone to notice.
    const confirmed = await confirmCard(t, clientSecret);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json<{ message: string }>().message).toMatch(/refunded/);
    expect(
      await t.database.db.select().from(strayPaymentRefunds).where(eq(strayPaymentRefunds.paymentId, paymentIntentId)),
    ).toMatchObject([{ reason: 'mismatch', status: 'succeeded', amountCents: 100 }]);
    const res = await recordPayment(t, alice, order._id, paymentIntentId);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('That payment does not match the order total');
    expect((await orderRow(t, order._id))?.paid).toBe(false);
    // Nor does reading the order (reconciliation) accept it.
    expect((await t.app.inject({ url: `/api/orders/${order._id}`, headers: alice })).json<Order>().paid).toBe(false);
  });

  it('refuses a totalPrice that differs from the stored order when starting to pay', async () => {
    const { order } = await newOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice,
      payload: { orderId: order._id, totalPrice: '1.00' },
    });
    expect(res.statusCode).toBe(409);
    expect(await paymentRows(t, order._id)).toHaveLength(0);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice,
      payload: { orderId: order._id, totalPrice: order.totalPrice },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses to pay twice, or to replace the transaction id of a paid order', async () => {
    const { order } = await newOrder();
    const { order: other } = await newOrder();
    const paid = await payOrder(t, alice, order._id);
    const otherPaid = await payOrder(t, alice, other._id);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice,
      payload: { orderId: order._id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This order is already paid');

    const swap = await recordPayment(t, alice, order._id, otherPaid.transactionId ?? '');
    expect(swap.statusCode).toBe(409);
    expect((await orderRow(t, order._id))?.transactionId).toBe(paid.transactionId);
    expect(await paymentRows(t, order._id)).toHaveLength(1);
  });

  it("keeps other customers away from an order's payment", async () => {
    const { order } = await newOrder(alice);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: bob,
      payload: { orderId: order._id },
    });
    expect(start.statusCode).toBe(404);
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    await confirmCard(t, clientSecret);
    // Bob cannot record it on Alice's order, nor on his own.
    expect((await recordPayment(t, bob, order._id, paymentIntentId)).statusCode).toBe(404);
    const { order: bobs } = await newOrder(bob);
    expect((await recordPayment(t, bob, bobs._id, paymentIntentId)).statusCode).toBe(409);
    expect((await orderRow(t, bobs._id))?.paid).toBe(false);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } }))
        .statusCode,
    ).toBe(401);
  });

  it('cannot pay a cancelled order', async () => {
    const { partId, order } = await newOrder();
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, order._id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: alice })).statusCode).toBe(
      200,
    );
    expect(await stockOf(t, partId)).toBe(10);

    const confirm = await confirmCard(t, clientSecret);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json<{ message: string }>().message).toBe(cardMessages.canceled);
    expect((await recordPayment(t, alice, order._id, paymentIntentId)).statusCode).toBe(404);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice,
      payload: { orderId: order._id },
    });
    expect(start.statusCode).toBe(404);
    const [ledger] = await t.database.db.select().from(payments).where(eq(payments.id, paymentIntentId));
    expect(ledger?.status).toBe('canceled');
  });
});

describe('reconciliation: the gateway took the money but the API never recorded it', () => {
  /** The gateway's own step alone, as if the API died right after it (no settle, no PATCH). */
  async function paidAtGatewayOnly(orderId: string) {
    const { clientSecret, paymentIntentId } = await startPayment(t, alice, orderId);
    const gateway = t.deps.payments;
    if (gateway.kind !== 'local') throw new Error('these tests run on the local gateway');
    const result = await gateway.confirmCard(t.database.db, clientSecret, cardSchema.parse(GOOD_CARD));
    expect(result.kind).toBe('succeeded');
    expect((await orderRow(t, orderId))?.paid).toBe(false);
    return paymentIntentId;
  }

  it('reading the order marks it paid', async () => {
    const { order } = await newOrder();
    const intentId = await paidAtGatewayOnly(order._id);
    const res = await t.app.inject({ url: `/api/orders/${order._id}`, headers: alice });
    expect(res.json<Order>()).toMatchObject({ paid: true, transactionId: intentId });
    expect((await recordPayment(t, alice, order._id, intentId)).statusCode).toBe(200);
  });

  it('listing the orders marks it paid', async () => {
    const { order } = await newOrder();
    const intentId = await paidAtGatewayOnly(order._id);
    const list = await t.app.inject({ url: '/api/orders', headers: alice });
    expect(list.json<Order[]>().find((o) => o._id === order._id)).toMatchObject({
      paid: true,
      transactionId: intentId,
    });
    expect((await orderRow(t, order._id))?.paid).toBe(true);
  });

  it('cancelling is refused and the order becomes paid: no money is kept for a deleted order', async () => {
    const { partId, order } = await newOrder();
    const intentId = await paidAtGatewayOnly(order._id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: alice });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/already been paid/);
    expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: intentId });
    expect(await stockOf(t, partId)).toBe(8);
  });

  it('starting to pay again records the earlier success instead of charging twice', async () => {
    const { order } = await newOrder();
    await paidAtGatewayOnly(order._id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice,
      payload: { orderId: order._id },
    });
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t, order._id))?.paid).toBe(true);
  });

  it('the admin can ship it straight away', async () => {
    const admin = await t.signIn('boss@example.com', 'admin');
    const { order } = await newOrder();
    await paidAtGatewayOnly(order._id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/shipped/${order._id}`,
      headers: admin,
      payload: { paid: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ paid: true, shipped: true });
  });
});

function lastMonth() {
  const now = new Date();
  const month = now.getMonth(); // 0-based: this is last month's 1-based number
  return month === 0
    ? { expMonth: 12, expYear: now.getFullYear() - 1 }
    : { expMonth: month, expYear: now.getFullYear() };
}
