import Stripe from 'stripe';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatus, type Order } from '@parts-shop/shared/order';
import { cardMessages } from '@parts-shop/shared/payment';
import { paymentGroupMessages } from '@parts-shop/shared/payment-group';
import {
  orders as ordersTable,
  paymentGroupOrders,
  paymentGroups,
  payments,
  strayPaymentRefunds,
} from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { useTestApp, type TestApp } from '#api-test/test-app.ts';
import { startFakeStripe, stripeConfig, type FakeStripe } from '#api-test/fake-stripe.ts';
import {
  addPart,
  confirmCard,
  orderRow,
  payOrder,
  placeOrder,
  recordPayment,
  startPayment,
  stockOf,
  type Auth,
} from '#api-test/shop-fixtures.ts';

type GroupAnswer = { clientSecret: string; paymentIntentId: string; groupId: string; total: string; orders: Order[] };

function startGroup(t: TestApp, auth: Auth | undefined, orderIds: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: auth ?? {},
    payload: { orderIds },
  });
}

async function startedGroup(t: TestApp, auth: Auth, orderIds: string[]): Promise<GroupAnswer> {
  const res = await startGroup(t, auth, orderIds);
  if (res.statusCode !== 200) throw new Error(`group intent answered ${res.statusCode}: ${res.body}`);
  return res.json<GroupAnswer>();
}

/** Three unpaid orders of one customer: $10.00 x 1, $25.00 x 2, $7.50 x 4 = $90.00. */
async function threeOrders(t: TestApp, auth: Auth): Promise<Order[]> {
  const lines = [
    [1_000, 1],
    [2_500, 2],
    [750, 4],
  ] as const;
  const placed: Order[] = [];
  for (const [priceCents, quantity] of lines) {
    placed.push(await placeOrder(t, auth, await addPart(t, { priceCents, available: 10 }), quantity));
  }
  return placed;
}

const idsOf = (orders: Order[]) => orders.map((o) => o._id);
const message = (res: { json: () => unknown }) => (res.json() as { message: string }).message;

describe('paying for several orders at once (local test-mode gateway)', () => {
  let customers = 0;
  /** A fresh customer, so the unpaid cap never meets another test's orders. */
  const newCustomer = () => t.signIn(`grouper${(customers += 1)}@example.com`);

  const t = useTestApp({ users: { alice: 'alice@example.com', bob: 'bob@example.com' } });
  const { alice, bob } = t.users;

  const groupRows = (groupId: string) => t.database.db.select().from(payments).where(eq(payments.groupId, groupId));

  it('charges the summed stored totals once, and one card payment marks every order paid', async () => {
    const customer = await newCustomer();
    const orders = await threeOrders(t, customer);
    const group = await startedGroup(t, customer, idsOf(orders));
    expect(group.total).toBe('90.00');
    expect(group.orders.map((o) => o._id)).toEqual(idsOf(orders));
    const [ledger] = await groupRows(group.groupId);
    expect(ledger).toMatchObject({ id: group.paymentIntentId, orderId: null, amountCents: 9_000, gateway: 'local' });
    const members = await t.database.db
      .select()
      .from(paymentGroupOrders)
      .where(eq(paymentGroupOrders.groupId, group.groupId));
    expect(members.map((m) => m.orderId).sort()).toEqual(idsOf(orders).sort());

    // The local gateway settles on confirm, as Stripe's webhook would: all three at once.
    expect((await confirmCard(t, group.clientSecret)).statusCode).toBe(200);
    for (const order of orders) {
      const row = await orderRow(t, order._id);
      expect(row).toMatchObject({ paid: true, transactionId: group.paymentIntentId });
    }
    // The browser's PATCH that follows, on any order of the group, is a harmless repeat.
    for (const order of orders) {
      const res = await recordPayment(t, customer, order._id, group.paymentIntentId);
      expect(res.statusCode).toBe(200);
      expect(orderStatus(res.json<Order>())).toBe('Pending');
    }
    const listed = (await t.app.inject({ url: '/api/orders', headers: customer })).json<Order[]>();
    expect(listed.every((o) => orderStatus(o) === 'Pending')).toBe(true);
    expect(
      await t.database.db
        .select()
        .from(strayPaymentRefunds)
        .where(eq(strayPaymentRefunds.paymentId, group.paymentIntentId)),
    ).toEqual([]);
  });

  it('answers the same group and intent for the same orders, in any order and at the same moment', async () => {
    const customer = await newCustomer();
    const ids = idsOf(await threeOrders(t, customer));
    const first = await startedGroup(t, customer, ids);
    const again = await startedGroup(t, customer, [...ids].reverse());
    const both = await Promise.all([startedGroup(t, customer, ids), startedGroup(t, customer, ids)]);
    for (const other of [again, ...both]) {
      expect(other.groupId).toBe(first.groupId);
      expect(other.paymentIntentId).toBe(first.paymentIntentId);
    }
    expect(await groupRows(first.groupId)).toHaveLength(1);
    // Fewer orders is another group with its own intent.
    const two = await startedGroup(t, customer, ids.slice(0, 2));
    expect(two.groupId).not.toBe(first.groupId);
    expect(two.total).toBe('60.00');
  });

  it('settles a group paid through PATCH too, in one transaction: all orders or none', async () => {
    const customer = await newCustomer();
    const orders = await threeOrders(t, customer);
    const group = await startedGroup(t, customer, idsOf(orders));
    // The gateway has taken the money but nobody has settled it yet (a crash after the gateway's answer).
    await t.database.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, group.paymentIntentId));
    const last = orders.at(-1)?._id ?? '';
    const res = await recordPayment(t, customer, last, group.paymentIntentId);
    expect(res.statusCode).toBe(200);
    for (const order of orders) expect((await orderRow(t, order._id))?.paid).toBe(true);
  });

  it('lists every order of a settled group as paid when only the ledger knows (reconciliation)', async () => {
    const customer = await newCustomer();
    const orders = await threeOrders(t, customer);
    const group = await startedGroup(t, customer, idsOf(orders));
    await t.database.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, group.paymentIntentId));
    const listed = (await t.app.inject({ url: '/api/orders', headers: customer })).json<Order[]>();
    expect(
      listed
        .filter((o) => o.paid)
        .map((o) => o._id)
        .sort(),
    ).toEqual(idsOf(orders).sort());
  });

  it('refuses bad input: no orders, duplicates, more than 100, a malformed id, no sign-in', async () => {
    const customer = await newCustomer();
    const ids = idsOf(await threeOrders(t, customer));
    const cases: [unknown, string][] = [
      [[], paymentGroupMessages.noOrders],
      [[ids[0], ids[1], ids[0]], paymentGroupMessages.duplicate],
      [Array.from({ length: 500 }, () => newId()), paymentGroupMessages.tooMany],
      [Array.from({ length: 101 }, () => newId()), paymentGroupMessages.tooMany],
    ];
    for (const [orderIds, expected] of cases) {
      const res = await startGroup(t, customer, orderIds);
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe(expected);
    }
    expect((await startGroup(t, customer, ['not-an-id'])).statusCode).toBe(400);
    expect((await startGroup(t, customer, 'nope')).statusCode).toBe(400);
    expect((await startGroup(t, undefined, ids)).statusCode).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(paymentGroups)
        .where(eq(paymentGroups.email, `grouper${customers}@example.com`)),
    ).toEqual([]);
  });

  it("is the owner's only: unknown ids and someone else's order read as not found, naming them", async () => {
    const ids = idsOf(await threeOrders(t, alice));
    const [bobs] = await threeOrders(t, bob);
    const ghost = newId();
    const unknown = await startGroup(t, alice, [...ids, ghost]);
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe(`${paymentGroupMessages.notFound}: ${ghost}`);

    const mixed = await startGroup(t, alice, [...ids, bobs?._id]);
    expect(mixed.statusCode).toBe(404);
    expect(message(mixed)).toBe(`${paymentGroupMessages.notFound}: ${bobs?._id}`);
    // Bob cannot pay (or learn about) Alice's orders either.
    const stranger = await startGroup(t, bob, ids);
    expect(stranger.statusCode).toBe(404);
    expect(message(stranger)).toBe(`${paymentGroupMessages.notFound}: ${ids.join(', ')}`);
    expect(
      await t.database.db.select().from(paymentGroupOrders).where(inArray(paymentGroupOrders.orderId, ids)),
    ).toEqual([]);
  });

  it('refuses a group holding a paid order, and paying a group twice', async () => {
    const customer = await newCustomer();
    const orders = await threeOrders(t, customer);
    const [first] = orders;
    await payOrder(t, customer, first?._id ?? '');
    const withPaid = await startGroup(t, customer, idsOf(orders));
    expect(withPaid.statusCode).toBe(409);
    expect(message(withPaid)).toBe(`${paymentGroupMessages.alreadyPaid}: ${first?.productName}`);

    const rest = idsOf(orders.slice(1));
    const group = await startedGroup(t, customer, rest);
    expect((await confirmCard(t, group.clientSecret)).statusCode).toBe(200);
    const twice = await startGroup(t, customer, rest);
    expect(twice.statusCode).toBe(409);
    // Confirming the same intent again changes nothing and refunds nothing.
    expect((await confirmCard(t, group.clientSecret)).statusCode).toBe(200);
    for (const id of rest) expect((await orderRow(t, id))?.transactionId).toBe(group.paymentIntentId);
    expect(
      await t.database.db
        .select()
        .from(strayPaymentRefunds)
        .where(eq(strayPaymentRefunds.paymentId, group.paymentIntentId)),
    ).toEqual([]);
  });

  it("cancelling one order of an unpaid group voids the group's intent; the cancelled order cannot be paid for", async () => {
    const customer = await newCustomer();
    const orders = await threeOrders(t, customer);
    const group = await startedGroup(t, customer, idsOf(orders));
    const [cancelled, ...kept] = orders;
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${cancelled?._id}`, headers: customer });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(t, cancelled?.partId ?? '')).toBe(10);
    expect((await groupRows(group.groupId))[0]?.status).toBe('canceled');
    expect((await confirmCard(t, group.clientSecret)).statusCode).toBe(409);
    for (const order of kept) expect((await orderRow(t, order._id))?.paid).toBe(false);

    const again = await startGroup(t, customer, idsOf(orders));
    expect(again.statusCode).toBe(404);
    expect(message(again)).toBe(`${paymentGroupMessages.notFound}: ${cancelled?._id}`);
    // The orders left are a new group, payable as usual.
    const rest = await startedGroup(t, customer, idsOf(kept));
    expect(rest.groupId).not.toBe(group.groupId);
    expect((await confirmCard(t, rest.clientSecret)).statusCode).toBe(200);
    for (const order of kept) expect((await orderRow(t, order._id))?.paid).toBe(true);
  });

  it('refunds a group payment when one of its orders was paid on its own meanwhile, and pays none of it', async () => {
    const customer = await newCustomer();
    const orders = await threeOrders(t, customer);
    const group = await startedGroup(t, customer, idsOf(orders));
    const [single, ...others] = orders;
    // A payment of one order on its own that raced the group's: made before the group's intent
    // existed, so nothing cancelled it.
    const paidAlone = { transactionId: 'pi_racedAlone0001' };
    await t.database.db
      .update(ordersTable)
      .set({ paid: true, transactionId: paidAlone.transactionId, paidAt: new Date() })
      .where(eq(ordersTable.id, single?._id ?? ''));
    const late = await confirmCard(t, group.clientSecret);
    expect(late.statusCode).toBe(409);
    const [refund] = await t.database.db
      .select()
      .from(strayPaymentRefunds)
      .where(eq(strayPaymentRefunds.paymentId, group.paymentIntentId));
    expect(refund).toMatchObject({ reason: 'duplicate', groupId: group.groupId, orderId: null, amountCents: 9_000 });
    expect((await orderRow(t, single?._id ?? ''))?.transactionId).toBe(paidAlone.transactionId);
    for (const order of others) expect((await orderRow(t, order._id))?.paid).toBe(false);
    // The refunded money no longer holds the rest: one is cancelled, the other paid anew.
    const [cancelled, kept] = others;
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${cancelled?._id}`, headers: customer });
    expect(cancel.statusCode).toBe(200);
    expect(await orderRow(t, cancelled?._id ?? '')).toBeUndefined();
    expect((await payOrder(t, customer, kept?._id ?? '')).paid).toBe(true);
  });

  it('keeps each order at one open intent: a new one over any of its orders cancels the older, which then charges nothing', async () => {
    const customer = await newCustomer();
    const [a, b, c] = idsOf(await threeOrders(t, customer));
    const first = await startedGroup(t, customer, [a ?? '', b ?? '']);
    const second = await startedGroup(t, customer, [b ?? '', c ?? '']);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, first.paymentIntentId)))[0]?.status).toBe(
      'canceled',
    );
    const late = await confirmCard(t, first.clientSecret);
    expect(late.statusCode).toBe(409);
    expect(message(late)).toBe(cardMessages.canceled);
    for (const id of [a, b, c]) expect((await orderRow(t, id ?? ''))?.paid).toBe(false);

    // Asking again for the same orders answers the same intent.
    expect((await startedGroup(t, customer, [c ?? '', b ?? ''])).clientSecret).toBe(second.clientSecret);
    // Paying one of them alone cancels the group's intent too; the single one pays.
    const single = await startPayment(t, customer, b ?? '');
    expect(
      (await t.database.db.select().from(payments).where(eq(payments.id, second.paymentIntentId)))[0]?.status,
    ).toBe('canceled');
    expect((await confirmCard(t, second.clientSecret)).statusCode).toBe(409);
    expect((await confirmCard(t, single.clientSecret)).statusCode).toBe(200);
    expect((await orderRow(t, b ?? ''))?.paid).toBe(true);
    expect((await orderRow(t, c ?? ''))?.paid).toBe(false);
  });

  it('refuses a payment above the largest single charge', async () => {
    const customer = await newCustomer();
    const big = [
      await placeOrder(t, customer, await addPart(t, { priceCents: 60_000_000, available: 1 }), 1),
      await placeOrder(t, customer, await addPart(t, { priceCents: 60_000_000, available: 1 }), 1),
    ];
    const res = await startGroup(t, customer, idsOf(big));
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe(paymentGroupMessages.tooLarge);
  });

  it("GET /orders/unpaid sums the caller's own unpaid orders, which one group then pays", async () => {
    const customer = await newCustomer();
    const orders = await threeOrders(t, customer);
    await payOrder(t, customer, orders[0]?._id ?? '');
    await threeOrders(t, bob);
    const res = await t.app.inject({ url: '/api/orders/unpaid', headers: customer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2, total: '80.00', orderIds: idsOf(orders.slice(1)) });
    const group = await startedGroup(t, customer, idsOf(orders.slice(1)));
    expect(group.total).toBe('80.00');
    expect((await confirmCard(t, group.clientSecret)).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/orders/unpaid', headers: customer });
    expect(after.json()).toEqual({ count: 0, total: '0.00', orderIds: [] });
    expect((await t.app.inject({ url: '/api/orders/unpaid' })).statusCode).toBe(401);
  });

  it('keeps the single-order body working beside it', async () => {
    const customer = await newCustomer();
    const [order] = await threeOrders(t, customer);
    const { paymentIntentId } = await startPayment(t, customer, order?._id ?? '');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentIntentId));
    expect(row).toMatchObject({ orderId: order?._id, groupId: null });
  });
});

describe('paying for several orders at once (Stripe, real SDK against the local fake)', () => {
  const WEBHOOK_SECRET = 'whsec_test_parts_shop_groups';
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
      MAX_UNPAID_ORDERS: '100',
    }),
    users: { carol: 'carol@example.com' },
  });
  const { carol } = t.users;

  function deliver(intentId: string) {
    const payload = JSON.stringify({
      id: `evt_${intentId.slice(3)}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'payment_intent.succeeded',
      data: { object: fake.intents.get(intentId) },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('names the group (not an order) in the metadata, and the webhook pays every order once', async () => {
    const orders = await threeOrders(t, carol);
    const group = await startedGroup(t, carol, idsOf(orders));
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1);
    expect(created?.body.get('metadata[groupId]')).toBe(group.groupId);
    expect(created?.body.get('metadata[orderId]')).toBeNull();
    expect(created?.body.get('amount')).toBe('9000');
    expect(created?.idempotencyKey).toBe(`group-${group.groupId}-0`);

    fake.succeed(group.paymentIntentId);
    expect((await deliver(group.paymentIntentId)).statusCode).toBe(200);
    for (const order of orders) {
      expect(await orderRow(t, order._id)).toMatchObject({ paid: true, transactionId: group.paymentIntentId });
    }
    // Stripe delivers events more than once: the repeat changes nothing and refunds nothing.
    expect((await deliver(group.paymentIntentId)).statusCode).toBe(200);
    expect((await recordPayment(t, carol, orders[1]?._id ?? '', group.paymentIntentId)).statusCode).toBe(200);
    expect(fake.refunds.size).toBe(0);
  });

  it("cancelling one order voids the group's intent at Stripe", async () => {
    const orders = await threeOrders(t, carol);
    const group = await startedGroup(t, carol, idsOf(orders));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orders[1]?._id}`, headers: carol });
    expect(res.statusCode).toBe(200);
    expect(fake.intents.get(group.paymentIntentId)?.status).toBe('canceled');
  });

  it('many groups over one order leave one open intent: a read or a cancel asks Stripe once', async () => {
    const orders = await threeOrders(t, carol);
    const [a, b, c] = idsOf(orders);
    const sets = [[a], [a, b], [a, c], [a, b, c], [b, a], [c, a]].map((ids) => ids.map(String));
    const groups: GroupAnswer[] = [];
    for (const ids of sets) groups.push(await startedGroup(t, carol, ids));
    const open = [...fake.intents.values()].filter(
      (i) => groups.some((g) => g.paymentIntentId === i.id) && i.status !== 'canceled',
    );
    expect(open.map((i) => i.id)).toEqual([groups.at(-1)?.paymentIntentId]);
    // The same orders again: the same client secret, no new intent.
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
    expect((await startedGroup(t, carol, [a ?? '', c ?? ''])).clientSecret).toBe(groups.at(-1)?.clientSecret);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')).toHaveLength(created);

    const before = fake.requests.length;
    expect((await t.app.inject({ url: `/api/orders/${a}`, headers: carol })).statusCode).toBe(200);
    expect(fake.requests.length - before).toBeLessThanOrEqual(1);
    const beforeCancel = fake.requests.length;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${a}`, headers: carol })).statusCode).toBe(200);
    expect(fake.requests.length - beforeCancel).toBe(1);
  });

  it('a succeeded group intent whose webhook is lost is found when an order is read', async () => {
    const orders = await threeOrders(t, carol);
    const group = await startedGroup(t, carol, idsOf(orders));
    fake.succeed(group.paymentIntentId);
    const read = await t.app.inject({ url: `/api/orders/${orders[2]?._id}`, headers: carol });
    expect(read.json<Order>()).toMatchObject({ paid: true, transactionId: group.paymentIntentId });
    for (const order of orders) expect((await orderRow(t, order._id))?.paid).toBe(true);
  });
});
