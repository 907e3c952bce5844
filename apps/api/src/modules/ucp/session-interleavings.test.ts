import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { orders, payments } from '#api/db/schema.ts';
import { expireOverdueOrders } from '#api/domain/unpaid-orders/expire-unpaid-orders.ts';
import { addPart, payOrder, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { payment, readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

/**
 * A session has at most one order and one charge, whatever happens between its completes: the buyer paying on the
 * web, a cancel, the unpaid-order expiry. A declined complete leaves no order to pay, so none can be paid twice.
 */
const t = useTestApp({
  users: { buyer: 'interleaved@example.test' },
});
const { buyer } = t.users;
const BUYER = 'interleaved@example.test';

const checkout = (res: { json: () => unknown }) => ucpCheckoutSchema.parse(res.json());

async function declinedSession(partId: string) {
  const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, BUYER))).id;
  const declined = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment('fail_token')));
  expect(declined.status).toBe('ready_for_complete');
  return id;
}

const complete = async (id: string) => checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment()));

describe('one order per session', () => {
  it('decline, then the buyer tries to pay on the web, then a good complete: one order, one charge', async () => {
    const partId = await addPart(t, { name: 'Part web', available: 3 });
    const id = await declinedSession(partId);
    const [tried] = await t.database.db.select().from(orders).where(eq(orders.email, BUYER));
    // Nothing is left waiting for the web to pay.
    await expect(payOrder(t, buyer, tried?.id as string)).rejects.toThrow(/answered 4\d\d/);
    const done = await complete(id);
    expect(done.status).toBe('completed');
    const live = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.email, BUYER), isNull(orders.cancelledAt), eq(orders.id, done.order?.id ?? '')));
    expect(live.map((o) => o.paid)).toEqual([true]);
    const charges = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, done.order?.id ?? ''), eq(payments.status, 'succeeded')));
    expect(charges).toHaveLength(1);
    // Paying the completed session's order again on the web is refused: it is paid.
    await expect(payOrder(t, buyer, done.order?.id as string)).rejects.toThrow(/answered 4\d\d/);
    expect(await stockOf(t, partId)).toBe(2);
  });

  it('decline, then the expiry sweep, then a good complete: one order', async () => {
    const partId = await addPart(t, { name: 'Part expiry', available: 3 });
    const id = await declinedSession(partId);
    await expireOverdueOrders(t.database.db, t.deps.payments, { minutes: 0, unverifiedMinutes: 0 }, { email: BUYER });
    const done = await complete(id);
    expect(done.status).toBe('completed');
    expect(await stockOf(t, partId)).toBe(2);
    const again = await complete(id);
    expect(again.messages.map((m) => m.code)).toEqual(['invalid_status']);
    expect(again.order?.id).toBe(done.order?.id);
  });

  it('decline, then cancel: nothing held, and a late complete places nothing', async () => {
    const partId = await addPart(t, { name: 'Part cancel', available: 3 });
    const id = await declinedSession(partId);
    expect(checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/cancel`)).status).toBe('canceled');
    const late = await complete(id);
    expect(late.status).toBe('canceled');
    expect(late.messages.map((m) => m.code)).toEqual(['invalid_status']);
    expect(await stockOf(t, partId)).toBe(3);
    const live = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.email, BUYER), isNull(orders.cancelledAt), eq(orders.productName, 'Part cancel')));
    expect(live).toEqual([]);
  });
});
