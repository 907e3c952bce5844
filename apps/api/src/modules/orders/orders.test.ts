import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderStatus, type Order } from '@parts-shop/shared/order';
import { orders, parts } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, orderBody, orderRow, payOrder, placeOrder, stockOf, type Auth } from '#api-test/shop-fixtures.ts';

const t = useTestApp({
  users: { alice: 'alice@example.com', bob: 'bob@example.com', admin: { email: 'boss@example.com', role: 'admin' } },
});
const { alice, bob, admin } = t.users;

function post(auth: Auth | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth,
    payload: payload as Record<string, unknown>,
  });
}

async function orderCount(): Promise<number> {
  return (await t.database.db.select({ id: orders.id }).from(orders)).length;
}

describe('POST /orders', () => {
  it('reserves the stock and stores the name, price and buyer from the database', async () => {
    const partId = await addPart(t, { name: 'RTX Test', minOrder: 1, available: 10, priceCents: 12_999 });
    const res = await post(alice, orderBody(partId, 2));
    expect(res.statusCode).toBe(201);
    const body = res.json<{ acknowledged: boolean; insertedId: string; order: Order }>();
    expect(body.acknowledged).toBe(true);
    expect(body.order).toMatchObject({
      _id: body.insertedId,
      partId,
      productName: 'RTX Test',
      email: 'alice@example.com',
      userName: 'alice',
      totalOrder: 2,
      totalPrice: '259.98',
      phoneNumber: '+1 555 0100',
      address: '1 Main Street, Springfield',
      paid: false,
      shipped: false,
      transactionId: null,
    });
    expect(new Date(body.order.createdAt).toString()).not.toBe('Invalid Date');
    expect(await stockOf(t, partId)).toBe(8);
  });

  it('ignores a name, email and product sent in the body', async () => {
    const partId = await addPart(t, { name: 'Real Name', priceCents: 500 });
    const res = await post(
      alice,
      orderBody(partId, 3, {
        userName: 'Mallory',
        email: 'mallory@evil.test',
        productName: 'Free GPU',
        totalPrice: '15.00',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<{ order: Order }>().order).toMatchObject({
      userName: 'alice',
      email: 'alice@example.com',
      productName: 'Real Name',
      totalPrice: '15.00',
    });
  });

  it.each([['0.01'], [0.01], ['1499.99'], [1]])(
    'refuses a totalPrice that does not match (%s) and changes nothing',
    async (totalPrice) => {
      const partId = await addPart(t, { available: 10, priceCents: 500 });
      const before = await orderCount();
      const res = await post(alice, orderBody(partId, 3, { totalPrice }));
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/price has changed/);
      expect(await stockOf(t, partId)).toBe(10);
      expect(await orderCount()).toBe(before);
    },
  );

  it('accepts a matching totalPrice sent as a number with float noise', async () => {
    const partId = await addPart(t, { available: 10, priceCents: 10 });
    const res = await post(alice, orderBody(partId, 3, { totalPrice: 3 * 0.1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ order: Order }>().order.totalPrice).toBe('0.30');
  });

  describe('quantity: a whole number from minOrder to available, inclusive', () => {
    it.each([
      ['below minOrder', 1, 400, 'Please Order within the Range'],
      ['fractional', 2.5, 400, 'Please Order within the Range'],
      ['zero', 0, 400, 'Please Order within the Range'],
      ['negative', -2, 400, 'Please Order within the Range'],
      ['a string', '3', 400, 'Please Order within the Range'],
      ['huge', 1e12, 400, 'Please Order within the Range'],
      ['above available', 6, 409, 'Not enough stock'],
    ])('%s (%s) answers %s and changes nothing', async (_label, quantity, status, message) => {
      const partId = await addPart(t, { minOrder: 2, available: 5 });
      const before = await orderCount();
      const res = await post(alice, orderBody(partId, 2, { totalOrder: quantity }));
      expect(res.statusCode).toBe(status);
      expect(res.json<{ message: string }>().message).toBe(message);
      expect(await stockOf(t, partId)).toBe(5);
      expect(await orderCount()).toBe(before);
    });

    it('accepts exactly minOrder and exactly everything available', async () => {
      const partId = await addPart(t, { minOrder: 2, available: 5 });
      expect((await post(alice, orderBody(partId, 2))).statusCode).toBe(201);
      expect(await stockOf(t, partId)).toBe(3);
      expect((await post(alice, orderBody(partId, 3))).statusCode).toBe(201);
      expect(await stockOf(t, partId)).toBe(0);
      const gone = await post(bob, orderBody(partId, 2));
      expect(gone.statusCode).toBe(409);
      expect(gone.json<{ message: string }>().message).toBe('Not enough stock');
      expect(await stockOf(t, partId)).toBe(0);
    });
  });

  it('never sells more than the stock, even when buyers race', async () => {
    const partId = await addPart(t, { available: 5 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 ? alice : bob, orderBody(partId, 1))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(await stockOf(t, partId)).toBe(0);
  });

  it('refuses an order above the largest amount a card payment can take', async () => {
    const partId = await addPart(t, { available: 1000, priceCents: 100_000_000 });
    const res = await post(alice, orderBody(partId, 1));
    expect(res.statusCode).toBe(400);
    expect(await stockOf(t, partId)).toBe(1000);
  });

  it.each([
    ['an unknown part', { partId: '01a2002f-be77-70a5-b53d-e9925797f9ba' }, 404],
    ['a malformed part id', { partId: 'nope' }, 400],
    ['no phone', { phoneNumber: '' }, 400],
    ['a short phone', { phoneNumber: '123' }, 400],
    ['no address', { address: '  ' }, 400],
    ['an unknown field', { coupon: 'FREE' }, 400],
  ])('%s answers %s', async (_label, change, status) => {
    const partId = await addPart(t);
    const res = await post(alice, { ...orderBody(partId, 1), ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    expect(await stockOf(t, partId)).toBe(10);
  });

  it('needs a signed-in buyer', async () => {
    const partId = await addPart(t);
    expect((await post(undefined, orderBody(partId))).statusCode).toBe(401);
    expect((await post({ authorization: 'Bearer forged' }, orderBody(partId))).statusCode).toBe(401);
    expect(await stockOf(t, partId)).toBe(10);
  });
});

describe('reading orders', () => {
  let carolOrders: Order[];
  let carol: Auth;

  beforeAll(async () => {
    carol = await t.signIn('carol@example.com');
    const partId = await addPart(t, { name: 'Listed part' });
    carolOrders = [];
    for (let i = 1; i <= 3; i += 1) carolOrders.push(await placeOrder(t, carol, partId, i));
  });

  it("lists the caller's own orders, newest first", async () => {
    const res = await t.app.inject({ url: '/api/orders?email=carol@example.com', headers: carol });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order[]>().map((o) => o._id)).toEqual(carolOrders.map((o) => o._id).reverse());
    const implicit = await t.app.inject({ url: '/api/orders', headers: carol });
    expect(implicit.json<Order[]>()).toHaveLength(3);
  });

  it('pages with limit and a Link header', async () => {
    const first = await t.app.inject({ url: '/api/orders?email=carol@example.com&limit=2', headers: carol });
    expect(first.json<Order[]>()).toHaveLength(2);
    const next = /^<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? '';
    const second = await t.app.inject({ url: next, headers: carol });
    expect(second.json<Order[]>().map((o) => o._id)).toEqual([carolOrders[0]?._id]);
  });

  it("answers 403 when a customer asks for someone else's list, and the admin may", async () => {
    const res = await t.app.inject({ url: '/api/orders?email=carol@example.com', headers: bob });
    expect(res.statusCode).toBe(403);
    const asAdmin = await t.app.inject({ url: '/api/orders?email=CAROL@example.com', headers: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<Order[]>()).toHaveLength(3);
  });

  it('shows one order to its owner and the admin, and a 404 to anyone else', async () => {
    const id = carolOrders[0]?._id;
    expect((await t.app.inject({ url: `/api/orders/${id}`, headers: carol })).json<Order>()._id).toBe(id);
    expect((await t.app.inject({ url: `/api/orders/${id}`, headers: admin })).statusCode).toBe(200);
    const other = await t.app.inject({ url: `/api/orders/${id}`, headers: bob });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Order not found' });
    expect((await t.app.inject({ url: `/api/orders/${id}` })).statusCode).toBe(401);
  });

  it('lists every order for the admin only', async () => {
    expect((await t.app.inject({ url: '/api/allorders', headers: carol })).statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/allorders', headers: admin });
    expect(res.statusCode).toBe(200);
    const ids = res.json<Order[]>().map((o) => o._id);
    expect(ids).toEqual(expect.arrayContaining(carolOrders.map((o) => o._id)));
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it.each([
    ['GET', '/api/orders/not-an-id'],
    ['GET', '/api/orders/01a2002f-be77-70a5-b53d-e9925797f9ba'],
    ['DELETE', '/api/orders/%27%20or%201=1'],
    ['PATCH', '/api/orders/123'],
    ['PATCH', '/api/shipped/zzz'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const headers = url.startsWith('/api/shipped') ? admin : carol;
    const payload = method === 'PATCH' && url.startsWith('/api/orders') ? { transactionId: 'pi_123456789' } : undefined;
    const res = await t.app.inject({ method, url, headers, payload });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
  });
});

describe('DELETE /orders/:id', () => {
  it('cancels an unpaid order and returns exactly its stock', async () => {
    const partId = await addPart(t, { available: 20, minOrder: 2 });
    const keep = await placeOrder(t, alice, partId, 4);
    const order = await placeOrder(t, alice, partId, 7);
    expect(await stockOf(t, partId)).toBe(9);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: alice });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(t, partId)).toBe(16);
    expect(await orderRow(t, order._id)).toBeUndefined();
    expect(await orderRow(t, keep._id)).toBeDefined();
    const again = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: alice });
    expect(again.statusCode).toBe(404);
    expect(await stockOf(t, partId)).toBe(16);
  });

  it("hides someone else's order behind a 404 and changes nothing", async () => {
    const partId = await addPart(t);
    const order = await placeOrder(t, alice, partId, 2);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bob });
    expect(res.statusCode).toBe(404);
    expect(await orderRow(t, order._id)).toBeDefined();
    expect(await stockOf(t, partId)).toBe(8);
  });

  it('lets the admin cancel an unpaid order', async () => {
    const partId = await addPart(t);
    const order = await placeOrder(t, alice, partId, 2);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t, partId)).toBe(10);
  });

  it('refuses to cancel a paid order', async () => {
    const partId = await addPart(t);
    const order = await placeOrder(t, alice, partId, 3);
    await payOrder(t, alice, order._id);
    for (const who of [alice, admin]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: who });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe('Only unpaid orders can be cancelled');
    }
    expect((await orderRow(t, order._id))?.paid).toBe(true);
    expect(await stockOf(t, partId)).toBe(7);
  });
});

describe('PATCH /shipped/:id', () => {
  it('ships only paid, unshipped orders, and the order stays paid', async () => {
    const partId = await addPart(t);
    const order = await placeOrder(t, alice, partId, 1);
    const ship = () =>
      t.app.inject({ method: 'PATCH', url: `/api/shipped/${order._id}`, headers: admin, payload: { paid: false } });

    const unpaid = await ship();
    expect(unpaid.statusCode).toBe(409);
    expect((await orderRow(t, order._id))?.shipped).toBe(false);

    const paid = await payOrder(t, alice, order._id);
    expect(orderStatus(paid)).toBe('Pending');

    const res = await ship();
    expect(res.statusCode).toBe(200);
    const shipped = res.json<Order>();
    expect(shipped).toMatchObject({ _id: order._id, paid: true, shipped: true, transactionId: paid.transactionId });
    expect(orderStatus(shipped)).toBe('Shipped');

    const twice = await ship();
    expect(twice.statusCode).toBe(409);
    const mine = await t.app.inject({ url: `/api/orders/${order._id}`, headers: alice });
    expect(mine.json<Order>()).toMatchObject({ paid: true, shipped: true });
  });

  it('accepts no body, refuses other bodies, and is for admins only', async () => {
    const partId = await addPart(t);
    const order = await placeOrder(t, alice, partId, 1);
    await payOrder(t, alice, order._id);
    const url = `/api/shipped/${order._id}`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: alice, payload: { paid: false } })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'PATCH', url, headers: admin, payload: { paid: true } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'PATCH', url, headers: admin, payload: { shipped: false } })).statusCode).toBe(
      400,
    );
    expect((await orderRow(t, order._id))?.shipped).toBe(false);
    const res = await t.app.inject({ method: 'PATCH', url, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>().shipped).toBe(true);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/shipped/01a2002f-be77-70a5-b53d-e9925797f9ba',
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('a deleted part', () => {
  it('leaves its orders with their name, quantity and price, still listed and still cancellable', async () => {
    const partId = await addPart(t, { name: 'Soon Gone', priceCents: 2_550 });
    const unpaid = await placeOrder(t, alice, partId, 2);
    const paid = await placeOrder(t, alice, partId, 1);
    await payOrder(t, alice, paid._id);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/parts/${partId}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(await t.database.db.select().from(parts).where(eq(parts.id, partId))).toHaveLength(0);

    const list = await t.app.inject({ url: '/api/orders', headers: alice });
    const mine = list.json<Order[]>().filter((o) => o._id === unpaid._id || o._id === paid._id);
    expect(mine).toHaveLength(2);
    expect(mine.find((o) => o._id === unpaid._id)).toMatchObject({
      partId: null,
      productName: 'Soon Gone',
      totalOrder: 2,
      totalPrice: '51.00',
    });
    expect(mine.find((o) => o._id === paid._id)).toMatchObject({
      partId: null,
      productName: 'Soon Gone',
      totalOrder: 1,
      paid: true,
    });

    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${unpaid._id}`, headers: alice });
    expect(cancel.statusCode).toBe(200);
    expect(await orderRow(t, unpaid._id)).toBeUndefined();
  });
});
