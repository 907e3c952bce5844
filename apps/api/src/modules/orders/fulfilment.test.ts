import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderCounts, OrderDetail } from '@parts-shop/shared/order';
import { emailOutbox } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, payOrder, placeOrder, type Auth } from '#api-test/shop-fixtures.ts';

const t = useTestApp({
  users: { alice: 'alice@example.com', bob: 'bob@example.com', admin: { email: 'boss@example.com', role: 'admin' } },
});
const { alice, bob, admin } = t.users;

function get(auth: Auth | undefined, url: string) {
  return t.app.inject({ method: 'GET', url, headers: auth });
}

async function ship(id: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/shipped/${id}`, headers: admin, payload });
}

async function outboxKinds(orderId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(eq(emailOutbox.orderId, orderId))
    .orderBy(emailOutbox.id);
  return rows.map((r) => r.kind);
}

describe('order numbers', () => {
  it('gives every order a PS- number, increasing, and a placedAt time', async () => {
    const partId = await addPart(t);
    const first = await placeOrder(t, alice, partId);
    const second = await placeOrder(t, bob, partId);
    expect(first.number).toMatch(/^PS-\d{6,}$/);
    expect(Number(second.number.slice(3))).toBeGreaterThan(Number(first.number.slice(3)));
    expect(first.placedAt).toBe(first.createdAt);
    const listed = (await get(alice, '/api/orders')).json<Order[]>().find((o) => o._id === first._id);
    expect(listed?.number).toBe(first.number);
  });

  it('stays unique when many orders are placed at once', async () => {
    const partId = await addPart(t, { available: 100 });
    const placed = await Promise.all(Array.from({ length: 30 }, () => placeOrder(t, alice, partId)));
    expect(new Set(placed.map((o) => o.number)).size).toBe(30);
  });
});

describe('Manage Orders: tabs, counts and search', () => {
  let unpaid: Order;
  let toShip: Order;
  let shipped: Order;
  let counts: OrderCounts;

  beforeAll(async () => {
    const partId = await addPart(t, { name: 'Zebra Cooler Tabs', available: 100 });
    unpaid = await placeOrder(t, bob, partId);
    toShip = await placeOrder(t, bob, partId);
    await payOrder(t, bob, toShip._id);
    shipped = await placeOrder(t, bob, partId);
    await payOrder(t, bob, shipped._id);
    expect((await ship(shipped._id)).statusCode).toBe(200);
    counts = (await get(admin, '/api/allorders/counts?q=zebra')).json<OrderCounts>();
  });

  it('lists each tab newest first, and all orders by default (the original answer)', async () => {
    const ids = async (query: string) =>
      (await get(admin, `/api/allorders?q=zebra${query}`)).json<Order[]>().map((o) => o._id);
    expect(await ids('&status=to_ship')).toEqual([toShip._id]);
    expect(await ids('&status=unpaid')).toEqual([unpaid._id]);
    expect(await ids('&status=shipped')).toEqual([shipped._id]);
    expect(await ids('')).toEqual([shipped._id, toShip._id, unpaid._id]);
  });

  it('counts each tab for the same search', () => {
    expect(counts).toEqual({ to_ship: 1, unpaid: 1, shipped: 1, refunded: 0, cancelled: 0, all: 3 });
  });

  it('finds an order by its number in any spelling, by email, and by product', async () => {
    const digits = String(Number(toShip.number.slice(3)));
    for (const q of [toShip.number, toShip.number.toLowerCase(), `#${digits}`]) {
      const found = (await get(admin, `/api/allorders?q=${encodeURIComponent(q)}`)).json<Order[]>();
      expect(found.map((o) => o._id)).toContain(toShip._id);
      expect(found.every((o) => o.number === toShip.number || o.email.includes(q) || o.productName.includes(q))).toBe(
        true,
      );
    }
    const byEmail = (await get(admin, '/api/allorders?q=BOB%40example')).json<Order[]>();
    expect(byEmail.length).toBeGreaterThanOrEqual(3);
    expect(byEmail.every((o) => o.email === 'bob@example.com')).toBe(true);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await get(admin, '/api/allorders?q=%25')).json<Order[]>()).toEqual([]);
    expect((await get(admin, '/api/allorders/counts?q=_')).json<OrderCounts>().all).toBe(0);
  });

  it('pages a tab with a Link header', async () => {
    const first = await get(admin, '/api/allorders?q=zebra&limit=2');
    expect(first.json<Order[]>()).toHaveLength(2);
    const next = /^<([^<>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1];
    expect(next).toContain('q=zebra');
    expect((await get(admin, next ?? '')).json<Order[]>().map((o) => o._id)).toEqual([unpaid._id]);
  });

  it('refuses an unknown tab and an overlong search with 400', async () => {
    expect((await get(admin, '/api/allorders?status=lost')).statusCode).toBe(400);
    expect((await get(admin, `/api/allorders?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await get(admin, '/api/allorders/counts?status=all')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await get(alice, '/api/allorders/counts')).statusCode).toBe(403);
    expect((await get(undefined, '/api/allorders/counts')).statusCode).toBe(401);
  });
});

describe('order detail', () => {
  it('shows the owner and admins the items, customer, ship-to, payment and timeline', async () => {
    const partId = await addPart(t, { name: 'Detail GPU', priceCents: 38_999 });
    const order = await placeOrder(t, alice, partId, 2);
    await payOrder(t, alice, order._id);
    expect((await ship(order._id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).statusCode).toBe(200);
    for (const auth of [alice, admin]) {
      const res = await get(auth, `/api/orders/${order._id}/detail`);
      expect(res.statusCode).toBe(200);
      const detail = res.json<OrderDetail>();
      expect(detail.order).toMatchObject({
        number: order.number,
        productName: 'Detail GPU',
        totalOrder: 2,
        totalPrice: '779.98',
        address: '1 Main Street, Springfield',
        phoneNumber: '+1 555 0100',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      });
      expect(detail.customer).toEqual({ email: 'alice@example.com', userName: 'alice' });
      expect(detail.payment).toMatchObject({
        amount: '779.98',
        gateway: 'local',
        transactionId: detail.order.transactionId,
        cardBrand: 'Visa',
        cardLast4: '4242',
      });
      expect(detail.timeline.map((e) => e.event)).toEqual(['placed', 'paid', 'shipped']);
    }
  });

  it('answers 404 to anyone else, and for an unpaid order has no payment yet', async () => {
    const order = await placeOrder(t, alice, await addPart(t));
    expect((await get(bob, `/api/orders/${order._id}/detail`)).statusCode).toBe(404);
    expect((await get(undefined, `/api/orders/${order._id}/detail`)).statusCode).toBe(401);
    const detail = (await get(alice, `/api/orders/${order._id}/detail`)).json<OrderDetail>();
    expect(detail.payment).toBeNull();
    expect(detail.timeline.map((e) => e.event)).toEqual(['placed']);
  });
});

describe('shipping with tracking', () => {
  it('stores the carrier and tracking number and shows them to the customer', async () => {
    const order = await placeOrder(t, alice, await addPart(t));
    await payOrder(t, alice, order._id);
    const res = await ship(order._id, { paid: false, carrier: ' DHL ', trackingNumber: 'JD014600006281230704' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ shipped: true, paid: true, carrier: 'DHL' });
    const mine = (await get(alice, `/api/orders/${order._id}`)).json<Order>();
    expect(mine).toMatchObject({ carrier: 'DHL', trackingNumber: 'JD014600006281230704' });
    expect(mine.shippedAt).not.toBeNull();
  });

  it('still takes the original bodies, and refuses an overlong tracking number', async () => {
    const order = await placeOrder(t, alice, await addPart(t));
    await payOrder(t, alice, order._id);
    expect((await ship(order._id, { trackingNumber: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await ship(order._id, { carrier: 1 })).statusCode).toBe(400);
    const res = await ship(order._id, { paid: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ carrier: null, trackingNumber: null });
  });
});

describe('order emails in the outbox', () => {
  it('writes one email per change, with the change: placed, paid, shipped', async () => {
    const order = await placeOrder(t, alice, await addPart(t));
    expect(await outboxKinds(order._id)).toEqual(['order-placed']);
    await payOrder(t, alice, order._id);
    await payOrder(t, alice, order._id).catch(() => undefined);
    expect(await outboxKinds(order._id)).toEqual(['order-placed', 'payment-receipt']);
    await ship(order._id, { carrier: 'UPS', trackingNumber: 'T1' });
    await ship(order._id);
    expect(await outboxKinds(order._id)).toEqual(['order-placed', 'payment-receipt', 'order-shipped']);
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order._id));
    expect(rows.map((r) => r.recipient)).toEqual(Array(3).fill('alice@example.com'));
    expect(rows.find((r) => r.kind === 'order-shipped')?.payload).toMatchObject({
      number: order.number,
      carrier: 'UPS',
      trackingNumber: 'T1',
    });
  });

  it('tells the customer who cancelled: themself or the shop', async () => {
    const partId = await addPart(t);
    const own = await placeOrder(t, alice, partId);
    const theirs = await placeOrder(t, alice, partId);
    await t.app.inject({ method: 'DELETE', url: `/api/orders/${own._id}`, headers: alice });
    await t.app.inject({ method: 'DELETE', url: `/api/orders/${theirs._id}`, headers: admin });
    const reasons = async (orderId: string) =>
      (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)))
        .filter((r) => r.kind === 'order-cancelled')
        .map((r) => (r.payload as { cancelReason?: string }).cancelReason);
    expect(await reasons(own._id)).toEqual(['customer']);
    expect(await reasons(theirs._id)).toEqual(['admin']);
  });

  it('writes nothing when the change is refused', async () => {
    const partId = await addPart(t, { available: 1 });
    const before = (await t.database.db.select().from(emailOutbox)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: alice,
      payload: { partId, totalOrder: 5, phoneNumber: '+1 555 0100', address: '1 Main Street' },
    });
    expect(res.statusCode).toBe(409);
    expect((await t.database.db.select().from(emailOutbox)).length).toBe(before);
  });
});
