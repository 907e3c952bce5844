import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { orders, payments, strayPaymentRefunds, ucpCheckoutSessions } from '#api/db/schema.ts';
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

/** The buyer's orders of one part that are not cancelled. */
const liveOrders = (partName: string) =>
  t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.email, BUYER), isNull(orders.cancelledAt), eq(orders.productName, partName)));

/** Payments the shop kept for these orders: succeeded and not refunded as a duplicate. */
async function keptCharges(orderIds: string[]) {
  const succeeded = await t.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.status, 'succeeded')));
  const refunded = new Set((await t.database.db.select().from(strayPaymentRefunds)).map((r) => r.paymentId));
  return succeeded.filter((p) => !refunded.has(p.id));
}

/**
 * Runs `during` once while the session's next complete holds its order unpaid: just before the gateway confirms the
 * complete's card, or just after, with the card's answer not yet back to the complete.
 */
function whenCompletePays(sessionId: string, when: 'before' | 'after', during: (orderId: string) => Promise<void>) {
  const gateway = t.deps.payments;
  if (gateway.kind !== 'local') throw new Error('these interleavings play the test-mode gateway');
  const confirmCard = gateway.confirmCard.bind(gateway);
  return vi.spyOn(gateway, 'confirmCard').mockImplementationOnce(async (...args) => {
    const [session] = await t.database.db
      .select()
      .from(ucpCheckoutSessions)
      .where(eq(ucpCheckoutSessions.id, sessionId));
    if (!session?.orderId) throw new Error('the complete pays before its session holds the order');
    if (when === 'before') await during(session.orderId);
    const answer = await confirmCard(...args);
    if (when === 'after') await during(session.orderId);
    return answer;
  });
}

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

  it('the buyer pays the order on the web, then the complete of its session pays with a declining card: completed, one charge', async () => {
    const partId = await addPart(t, { name: 'Part paid first', available: 3 });
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, BUYER))).id;
    const spy = whenCompletePays(id, 'before', async (orderId) => {
      await payOrder(t, buyer, orderId);
    });
    const first = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment('fail_token')));
    spy.mockRestore();
    // The order is paid, so the session is done with it; it does not go back to ready for a second order.
    expect(first.status).toBe('completed');
    const again = await complete(id);
    expect(again.messages.map((m) => m.code)).toEqual(['invalid_status']);
    expect(again.order?.id).toBe(first.order?.id);
    const live = await liveOrders('Part paid first');
    expect(live.map((o) => [o.id, o.paid])).toEqual([[first.order?.id, true]]);
    expect(await keptCharges(live.map((o) => o.id))).toHaveLength(1);
    expect(await stockOf(t, partId)).toBe(2);
  });

  it('the complete of a session is declined while the buyer pays its order on the web: completed, one charge', async () => {
    const partId = await addPart(t, { name: 'Part paid meanwhile', available: 3 });
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, BUYER))).id;
    const spy = whenCompletePays(id, 'after', async (orderId) => {
      await payOrder(t, buyer, orderId);
    });
    const first = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment('fail_token')));
    spy.mockRestore();
    // The order is paid, so the session is done with it; it does not go back to ready for a second order.
    expect(first.status).toBe('completed');
    const again = await complete(id);
    expect(again.messages.map((m) => m.code)).toEqual(['invalid_status']);
    expect(again.order?.id).toBe(first.order?.id);
    const live = await liveOrders('Part paid meanwhile');
    expect(live.map((o) => [o.id, o.paid])).toEqual([[first.order?.id, true]]);
    expect(await keptCharges(live.map((o) => o.id))).toHaveLength(1);
    expect(await stockOf(t, partId)).toBe(2);
  });

  it('the web payment and a good complete in flight at once: one order, one charge kept', async () => {
    const partId = await addPart(t, { name: 'Part raced', available: 3 });
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, BUYER))).id;
    let web: Promise<unknown> = Promise.resolve();
    let spy: ReturnType<typeof whenCompletePays> | undefined;
    const webStarted = new Promise<void>((started) => {
      spy = whenCompletePays(id, 'before', async (orderId) => {
        // Not awaited: the web's payment and the complete's own go on side by side.
        web = payOrder(t, buyer, orderId).catch((refused: unknown) => refused);
        started();
      });
    });
    const [done] = await Promise.all([complete(id), webStarted.then(() => web)]);
    spy?.mockRestore();
    expect(done.status).toBe('completed');
    const live = await liveOrders('Part raced');
    expect(live.map((o) => [o.id, o.paid])).toEqual([[done.order?.id, true]]);
    expect(await keptCharges(live.map((o) => o.id))).toHaveLength(1);
    expect((await complete(id)).order?.id).toBe(done.order?.id);
    expect(await stockOf(t, partId)).toBe(2);
  });
});
