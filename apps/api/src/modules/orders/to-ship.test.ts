import { describe, expect, it } from 'vitest';
import { canShip, type Order, type OrderCounts } from '@parts-shop/shared/order';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, payOrder, placeOrder } from '#api-test/shop-fixtures.ts';

// One rule for "can ship" (docs/product.md#order-status): what Manage Orders counts and lists
// under To ship is exactly what PATCH /shipped accepts, and what the screens offer Ship on.

const customer = 'to-ship-buyer@example.com';
const t = useTestApp({ users: { admin: { email: 'to-ship-admin@example.com', role: 'admin' }, buyer: customer } });
const { admin, buyer } = t.users;

/** An order of `quantity` units at $100.00 each, paid unless told otherwise. */
async function order(quantity: number, paid = true): Promise<Order> {
  const placed = await placeOrder(t, buyer, await addPart(t, { priceCents: 10_000, available: 10 }), quantity);
  if (paid) await payOrder(t, buyer, placed._id);
  return placed;
}

async function refund(orderId: string, body: Record<string, unknown>) {
  const res = await t.call('POST', `/api/orders/${orderId}/refunds`, {
    as: admin,
    body: { reason: 'Refund', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('To ship and the Ship action', () => {
  it('agree on every kind of order, and the screens see the same', async () => {
    const states: Record<string, Order> = {};
    states.paid = await order(2);
    states.unpaid = await order(1, false);
    // A refund of part of the money, and one unit of two back on the shelf: the other ships.
    states.partlyRefunded = await order(2);
    await refund(states.partlyRefunded._id, { amount: 100, restock: 1 });
    // Refunded in part, but every unit back on the shelf: nothing left to ship.
    states.everyUnitBack = await order(1);
    await refund(states.everyUnitBack._id, { amount: 10, restock: true });
    // Every cent back, no unit restocked: nothing is owed to the buyer any more.
    states.refundedInFull = await order(1);
    await refund(states.refundedInFull._id, { amount: 100 });
    states.cancelled = await order(1);
    expect(
      (await t.call('POST', `/api/orders/${states.cancelled._id}/cancel`, { as: admin, body: { reason: 'x' } }))
        .statusCode,
    ).toBe(200);
    states.shipped = await order(1);
    expect((await t.call('PATCH', `/api/shipped/${states.shipped._id}`, { as: admin })).statusCode).toBe(200);

    const tab = (await t.call('GET', `/api/allorders?status=to_ship&customer=${customer}`, { as: admin })).json<
      Order[]
    >();
    const counts = (
      await t.call('GET', `/api/allorders/counts?customer=${customer}`, { as: admin })
    ).json<OrderCounts>();
    const overview = (await t.call('GET', '/api/admin/overview?days=1', { as: admin })).json<{ toShip: number }>();
    const listed = new Set(tab.map((o) => o._id));
    const byId = Object.fromEntries(Object.entries(states).map(([name, o]) => [o._id, name]));
    expect(tab.map((o) => byId[o._id]).sort()).toEqual(['paid', 'partlyRefunded']);
    expect(counts.to_ship).toBe(tab.length);
    expect(overview.toShip).toBe(tab.length);

    for (const [name, placed] of Object.entries(states)) {
      // The screens decide from the order as the API answers it, before the attempt.
      const now = (await t.call('GET', `/api/orders/${placed._id}`, { as: admin })).json<Order>();
      const shipped = await t.call('PATCH', `/api/shipped/${placed._id}`, { as: admin, body: { paid: false } });
      const ships = name !== 'shipped' && shipped.statusCode === 200;
      expect({ name, listed: listed.has(placed._id), ships }).toEqual({ name, listed: ships, ships });
      if (name !== 'shipped') expect({ name, canShip: canShip(now) }).toEqual({ name, canShip: ships });
    }
    expect(
      (await t.call('GET', `/api/allorders/counts?customer=${customer}`, { as: admin })).json<OrderCounts>().to_ship,
    ).toBe(0);
  });
});
