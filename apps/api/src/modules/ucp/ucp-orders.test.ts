import { describe, expect, it } from 'vitest';
import { ucpCheckoutSchema, ucpOrderSchema } from '@parts-shop/shared/ucp';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { ADDRESS, OTHER_AGENT, payment, readyCheckout, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';

/** GET /orders/{id} on the UCP endpoint: the order an assistant placed, as the owner moves it on. */
const t = useTestApp({
  config: { PUBLIC_URL: 'https://shop.example' },
  users: { admin: { email: 'owner@example.test', role: 'admin' } },
});
const { admin } = t.users;

async function completedOrder(quantity = 2) {
  const partId = await addPart(t, { name: 'Order CPU', priceCents: 10_000, available: 10 });
  const session = ucpCheckoutSchema.parse(
    (await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, quantity, 'orders@example.test'))).json(),
  );
  const done = ucpCheckoutSchema.parse(
    (await ucp(t, 'POST', `/checkout-sessions/${session.id}/complete`, payment())).json(),
  );
  return { partId, sessionId: session.id, orderId: done.order?.id as string };
}

const readOrder = async (orderId: string) => {
  const res = await ucp(t, 'GET', `/orders/${orderId}`);
  expect(res.statusCode).toBe(200);
  return ucpOrderSchema.parse(res.json());
};

describe('GET /orders/{id}', () => {
  it('answers the lines ordered, then the shipment with its carrier and tracking, then the refund', async () => {
    const { partId, sessionId, orderId } = await completedOrder(2);
    const placed = await readOrder(orderId);
    expect(placed).toMatchObject({ id: orderId, checkout_id: sessionId, currency: 'USD' });
    expect(placed.line_items.map((l) => [l.item.id, l.quantity, l.status])).toEqual([
      [partId, { original: 2, total: 2, fulfilled: 0 }, 'processing'],
    ]);
    expect(placed.fulfillment.expectations[0]?.destination).toMatchObject(ADDRESS);
    expect(placed.fulfillment.events).toEqual([]);
    expect(placed.totals.find((x) => x.type === 'total')?.amount).toBe(20_000);

    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/shipped/${orderId}`,
      headers: admin,
      payload: { carrier: 'DHL', trackingNumber: 'JD0123456789' },
    });
    expect(shipped.statusCode).toBe(200);
    const afterShipping = await readOrder(orderId);
    expect(afterShipping.line_items[0]).toMatchObject({ quantity: { fulfilled: 2 }, status: 'fulfilled' });
    expect(afterShipping.fulfillment.events).toEqual([
      expect.objectContaining({ type: 'shipped', carrier: 'DHL', tracking_number: 'JD0123456789' }),
    ]);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin,
      payload: { amount: '40.00', reason: 'Scratched heatspreader' },
    });
    expect(refund.statusCode).toBe(201);
    const afterRefund = await readOrder(orderId);
    expect(afterRefund.adjustments).toEqual([
      expect.objectContaining({
        type: 'refund',
        status: 'completed',
        totals: [{ type: 'total', amount: -4_000 }],
        description: 'Scratched heatspreader',
      }),
    ]);
  });

  it('is not found for another assistant, or for an order no checkout placed', async () => {
    const { orderId } = await completedOrder(1);
    const other = await ucp(t, 'GET', `/orders/${orderId}`, undefined, ucpHeaders({}, OTHER_AGENT));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found' }] });
    const unknown = await ucp(t, 'GET', '/orders/019a0000-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});
