import { describe, expect, it } from 'vitest';
import type { Order } from '@parts-shop/shared/order';
import type { OrderReturn, Refund } from '@parts-shop/shared/refunds';
import { SHOP_ACTOR } from '#api/domain/orders/order-view.ts';
import { addPart, payOrder, placeOrder, type Auth } from './shop-fixtures.ts';
import { useTestApp } from './test-app.ts';

// Less said to strangers (docs/security.md#data-that-stays-true): staff act as "the shop", anonymous callers
// learn only readiness, public reads hide the low-stock threshold. Admins still read all of it.

const STAFF = 'staff-member@example.com';
const BUYER = 'reading-buyer@example.com';

const t = useTestApp({ users: { admin: { email: STAFF, role: 'admin' }, buyer: BUYER } });
const { admin, buyer } = t.users;

async function read(auth: Auth | undefined, url: string) {
  const res = await t.app.inject({ url, headers: auth ?? {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
}

async function act(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, auth: Auth = admin) {
  const res = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

describe('a customer reads "the shop" where staff acted; admins read who', () => {
  it('on an order the shop cancelled: the order, its detail and its refund', async () => {
    const partId = await addPart(t, { priceCents: 5_000 });
    const order = await placeOrder(t, buyer, partId, 1);
    await payOrder(t, buyer, order._id);
    await act('POST', `/api/orders/${order._id}/cancel`, { reason: 'Supplier out' });

    for (const url of [`/api/orders/${order._id}`, `/api/orders/${order._id}/detail`, '/api/orders']) {
      const res = await read(buyer, url);
      expect(res.body, url).not.toContain(STAFF);
    }
    expect((await read(buyer, `/api/orders/${order._id}`)).json<Order>().cancelledBy).toBe(SHOP_ACTOR);
    expect((await read(buyer, `/api/orders/${order._id}/detail`)).json<{ order: Order }>().order.cancelledBy).toBe(
      SHOP_ACTOR,
    );
    // Refunded in full by the cancel: that refund, too, is the shop's.
    const refunds = (await read(buyer, `/api/orders/${order._id}/refunds`)).json<{ refunds: Refund[] }>().refunds;
    expect(refunds.map((r) => r.createdBy)).toEqual([SHOP_ACTOR]);

    expect((await read(admin, `/api/orders/${order._id}`)).json<Order>().cancelledBy).toBe(STAFF);
    const seenByAdmin = (await read(admin, `/api/orders/${order._id}/refunds`)).json<{ refunds: Refund[] }>();
    expect(seenByAdmin.refunds.map((r) => r.createdBy)).toEqual([STAFF]);
  });

  it("on a refund and a return decision; the customer's own cancel stays theirs", async () => {
    const partId = await addPart(t, { priceCents: 5_000 });
    const order = await placeOrder(t, buyer, partId, 2);
    await payOrder(t, buyer, order._id);
    await act('POST', `/api/orders/${order._id}/refunds`, { amount: 10, reason: 'Scratched box' });
    await act('PATCH', `/api/shipped/${order._id}`);
    const asked = await act(
      'POST',
      `/api/orders/${order._id}/returns`,
      { lines: [{ partId, quantity: 1 }], reason: 'wrong_part' },
      buyer,
    );
    await act('PATCH', `/api/returns/${asked.json<OrderReturn>().id}`, { status: 'approved' });

    const url = `/api/orders/${order._id}/refunds`;
    const seen = await read(buyer, url);
    expect(seen.body).not.toContain(STAFF);
    const { refunds, returns } = seen.json<{ refunds: Refund[]; returns: OrderReturn[] }>();
    expect(refunds.map((r) => r.createdBy)).toEqual([SHOP_ACTOR]);
    expect(returns.map((r) => r.decidedBy)).toEqual([SHOP_ACTOR]);
    const asAdmin = (await read(admin, url)).json<{ refunds: Refund[]; returns: OrderReturn[] }>();
    expect(asAdmin.refunds.map((r) => r.createdBy)).toEqual([STAFF]);
    expect(asAdmin.returns.map((r) => r.decidedBy)).toEqual([STAFF]);

    const own = await placeOrder(t, buyer, partId, 1);
    await act('DELETE', `/api/orders/${own._id}`, undefined, buyer);
    expect((await read(buyer, `/api/orders/${own._id}`)).json<Order>().cancelledBy).toBe(BUYER);
  });
});

describe('readiness', () => {
  it('tells anyone only whether the shop is ready and how many workers run; the checks are for admins', async () => {
    for (const auth of [undefined, buyer]) {
      expect((await read(auth, '/api/ready')).json()).toEqual({ ready: true, workers: 1 });
    }
    expect((await t.app.inject({ url: '/api/admin/ready' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/ready', headers: buyer })).statusCode).toBe(403);
    const details = (await read(admin, '/api/admin/ready')).json<{ checks: { outbox: { pending: unknown } } }>();
    expect(details).toMatchObject({
      ready: true,
      failing: [],
      checks: { database: { ok: true }, migrations: { ok: true }, outbox: { ok: true } },
    });
    expect(typeof details.checks.outbox.pending).toBe('number');
  });
});

describe("the catalog's low-stock threshold", () => {
  it('is left out of the public reads, for strangers and customers alike; admins read it', async () => {
    const partId = await addPart(t, { name: 'Threshold part', lowStockAt: 7 });
    for (const auth of [undefined, buyer]) {
      const list = await read(auth, '/api/parts?limit=100');
      expect(list.body).not.toContain('lowStockAt');
      expect(list.json<{ _id: string }[]>().map((p) => p._id)).toContain(partId);
      expect((await read(auth, `/api/parts/${partId}`)).json()).not.toHaveProperty('lowStockAt');
    }
    expect((await read(admin, `/api/parts/${partId}`)).json()).toHaveProperty('lowStockAt', 7);
    const managed = (await read(admin, '/api/admin/parts?limit=100')).json<{ _id: string; lowStockAt?: number }[]>();
    expect(managed.find((p) => p._id === partId)?.lowStockAt).toBe(7);
  });
});
