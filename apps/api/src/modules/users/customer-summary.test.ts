import { describe, expect, it } from 'vitest';
import type { CustomerSummary } from '@parts-shop/shared/customer';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, payOrder, placeOrder, type Auth } from '#api-test/shop-fixtures.ts';

// The customer page (docs/product.md#customer-page): GET /api/users/{email}/summary, admins only.

const t = useTestApp({ users: { admin: { email: 'boss@example.com', role: 'admin' }, carol: 'carol@example.com' } });
const { admin, carol } = t.users;

function get(auth: Auth | undefined, url: string) {
  return t.app.inject({ method: 'GET', url, headers: auth });
}

describe('GET /api/users/{email}/summary', () => {
  it("answers a customer's orders, money spent net of a refund, refunds, returns and messages", async () => {
    const partId = await addPart(t, { priceCents: 12_345, available: 10 });
    const kept = await placeOrder(t, carol, partId, 2);
    await payOrder(t, carol, kept._id);
    const refunded = await placeOrder(t, carol, partId, 1);
    await payOrder(t, carol, refunded._id);
    const unpaid = await placeOrder(t, carol, partId, 1);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${refunded._id}/refunds`,
      headers: admin,
      payload: { amount: 23.45, reason: 'Scratched box' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await t.app.inject({ method: 'PATCH', url: `/api/shipped/${kept._id}`, headers: admin });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${kept._id}/returns`,
      headers: carol,
      payload: { lines: [{ partId, quantity: 1 }], reason: 'wrong_part' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { name: 'Carol', email: 'Carol@Example.com', message: 'Where is my order?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const res = await get(admin, '/api/users/carol@example.com/summary');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<CustomerSummary>();
    // Paid: 2 × 123.45 + 123.45 = 370.35; 23.45 refunded; the unpaid order counts for nothing.
    expect([summary.paid, summary.refunded, summary.spent]).toEqual(['370.35', '23.45', '346.90']);
    expect(summary.customer).toMatchObject({ email: 'carol@example.com', orders: 3, spent: '346.90' });
    expect(summary.orders.map((o) => [o._id, o.status, o.totalPrice])).toEqual([
      [unpaid._id, 'unpaid', '123.45'],
      [refunded._id, 'partly_refunded', '123.45'],
      [kept._id, 'shipped', '246.90'],
    ]);
    expect(summary.refunds.map((r) => [r.orderId, r.orderNumber, r.amount, r.reason])).toEqual([
      [refunded._id, refunded.number, '23.45', 'Scratched box'],
    ]);
    expect(summary.returns.map((r) => [r.orderId, r.orderNumber, r.status])).toEqual([
      [kept._id, kept.number, 'requested'],
    ]);
    expect(summary.messages.map((m) => m.message)).toEqual(['Where is my order?']);
  });

  it('is for admins only, and 404 for a user the shop does not have', async () => {
    expect((await get(undefined, '/api/users/carol@example.com/summary')).statusCode).toBe(401);
    expect((await get(carol, '/api/users/carol@example.com/summary')).statusCode).toBe(403);
    const missing = await get(admin, '/api/users/nobody@example.com/summary');
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([404, apiMessages.userNotFound]);
  });
});
