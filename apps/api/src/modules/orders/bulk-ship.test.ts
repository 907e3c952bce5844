import { describe, expect, it } from 'vitest';
import type { BulkShipAnswer } from '@parts-shop/shared/bulk-ship';
import type { Order } from '@parts-shop/shared/order';
import type { PackingSlip } from '@parts-shop/shared/packing-slip';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, orderRow, payOrder, placeOrder } from '#api-test/shop-fixtures.ts';

// Ship selected and the packing slip (docs/product.md#bulk-actions, docs/product.md#packing-slip).

const t = useTestApp({
  users: { admin: { email: 'ship-admin@example.com', role: 'admin' }, buyer: 'ship-buyer@example.com' },
});
const { admin, buyer } = t.users;

async function order(quantity: number, paid = true): Promise<Order> {
  const placed = await placeOrder(t, buyer, await addPart(t, { priceCents: 10_000, available: 10 }), quantity);
  if (paid) await payOrder(t, buyer, placed._id);
  return placed;
}

describe('POST /api/orders/ship', () => {
  it('ships each order it can, with its own tracking, and says why each other one was refused', async () => {
    const tracked = await order(1);
    const untracked = await order(2);
    const unpaid = await order(1, false);
    const shipped = await order(1);
    expect((await t.call('PATCH', `/api/shipped/${shipped._id}`, { as: admin })).statusCode).toBe(200);
    const everyUnitBack = await order(1);
    const refund = await t.call('POST', `/api/orders/${everyUnitBack._id}/refunds`, {
      as: admin,
      body: {
        amount: 10,
        reason: 'Back on the shelf',
        restock: true,
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const gone = `${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}`;

    const res = await t.call('POST', '/api/orders/ship', {
      as: admin,
      body: {
        orders: [
          { id: tracked._id, carrier: 'UPS', trackingNumber: '1Z999' },
          { id: unpaid._id },
          { id: untracked._id },
          { id: shipped._id },
          { id: everyUnitBack._id },
          { id: gone },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BulkShipAnswer>().results).toEqual([
      { id: tracked._id, number: tracked.number, shipped: true, reason: null },
      { id: unpaid._id, number: unpaid.number, shipped: false, reason: 'Only paid orders can be shipped' },
      { id: untracked._id, number: untracked.number, shipped: true, reason: null },
      { id: shipped._id, number: shipped.number, shipped: false, reason: 'This order has already shipped' },
      { id: everyUnitBack._id, number: everyUnitBack.number, shipped: false, reason: apiMessages.shipNothingLeft },
      { id: gone, number: null, shipped: false, reason: apiMessages.orderNotFound },
    ]);
    expect(await orderRow(t, tracked._id)).toMatchObject({ shipped: true, carrier: 'UPS', trackingNumber: '1Z999' });
    expect(await orderRow(t, untracked._id)).toMatchObject({ shipped: true, carrier: null, trackingNumber: null });
    expect(await orderRow(t, unpaid._id)).toMatchObject({ shipped: false });
    expect(await orderRow(t, everyUnitBack._id)).toMatchObject({ shipped: false });
  });

  it('refuses an empty or repeated list (400) and a customer (403), shipping nothing', async () => {
    const paid = await order(1);
    expect((await t.call('POST', '/api/orders/ship', { as: admin, body: { orders: [] } })).statusCode).toBe(400);
    const twice = await t.call('POST', '/api/orders/ship', {
      as: admin,
      body: { orders: [{ id: paid._id }, { id: paid._id }] },
    });
    expect(twice.statusCode).toBe(400);
    expect(
      (await t.call('POST', '/api/orders/ship', { as: buyer, body: { orders: [{ id: paid._id }] } })).statusCode,
    ).toBe(403);
    expect(await orderRow(t, paid._id)).toMatchObject({ shipped: false });
  });
});

const SPRINGFIELD = {
  name: 'Homer Buyer',
  line1: '1 Main Street',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '+1 555 0100',
};

describe('GET /api/orders/{id}/packing-slip', () => {
  it('answers the ship-to and each line with the units left to ship, and no price', async () => {
    const cpu = await addPart(t, { name: 'Slip CPU', priceCents: 30_000, available: 5 });
    const fan = await addPart(t, { name: 'Slip Fan', priceCents: 1_000, available: 9 });
    const batch = await t.call('POST', '/api/orders/batch', {
      as: buyer,
      body: {
        items: [
          { partId: cpu, totalOrder: 1 },
          { partId: fan, totalOrder: 3 },
        ],
        shippingAddress: SPRINGFIELD,
      },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const [placed] = batch.json<{ orders: Order[] }>().orders;
    if (!placed) throw new Error('the batch answered no order');
    await payOrder(t, buyer, placed._id);
    const fanLine = placed.lines.find((line) => line.partId === fan);
    const refund = await t.call('POST', `/api/orders/${placed._id}/refunds`, {
      as: admin,
      body: {
        amount: 10,
        reason: 'One fan short',
        lineId: fanLine?.id,
        restock: 1,
      },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const res = await t.call('GET', `/api/orders/${placed._id}/packing-slip`, { as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PackingSlip>()).toEqual({
      id: placed._id,
      number: placed.number,
      placedAt: placed.placedAt,
      shipped: false,
      shipTo: {
        name: 'ship-buyer',
        address: 'Homer Buyer, 1 Main Street, Springfield IL 62701, US',
        phone: '+1 555 0100',
      },
      shippingAddress: SPRINGFIELD,
      shipping: { title: 'Standard', carrier: 'Shop' },
      lines: [
        { partId: cpu, productName: 'Slip CPU', toShip: 1 },
        { partId: fan, productName: 'Slip Fan', toShip: 2 },
      ],
    });
    expect(res.body).not.toMatch(/price|300\.00|\$/i);
    expect((await t.call('GET', `/api/orders/${placed._id}/packing-slip`, { as: buyer })).statusCode).toBe(403);
  });
});
