import type { Db } from '#api/db/client.ts';
import type { Actor } from '../audit/record-change.ts';
import { recordOrderChange } from '../orders/order-audit.ts';
import { queueOrderEmail, type CancelReason } from '../orders/order-emails.ts';
import { linesOf, lockOrders, markCancelled, type OrderRow } from '../orders/orders.repo.ts';
import { restockOrderPart, unitsLeftToRestock } from '../orders/restock-order.ts';
import type { PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { withGroupmates } from '../payments/payment-groups.repo.ts';
import { cancelOpenIntents, ledgerVerdict } from '../payments/settlement.ts';
import { lockPart } from '../stock/stock.repo.ts';

export type CancelOutcome =
  | { kind: 'cancelled'; order: OrderRow; reason: CancelReason }
  | { kind: 'gone' | 'already-paid' | 'paid' | 'payment-in-progress' | 'payment-mismatch' };

/** What the record says when nobody wrote a reason. */
const RECORDED_REASONS: Record<CancelReason, string> = {
  customer: 'Cancelled by the customer',
  admin: 'Cancelled by the shop',
  expired: 'Not paid in time',
  declined: 'Payment declined',
};

/** A payment started while the order was being cancelled is cancelled too, this many times. */
const ATTEMPTS = 3;

/**
 * The one way an unpaid order ends: open intents cancelled at the gateway outside any transaction (no row held on a
 * slow gateway), then cancelled, restocked and mailed under the locks.
 */
export async function cancelUnpaidOrder(
  db: Db,
  gateway: PaymentGateway,
  orderId: string,
  reason: CancelReason,
  by: string | null,
  admin?: { caller: Actor; note?: string },
): Promise<CancelOutcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    await cancelOpenIntents(db, gateway, orderId);
    const outcome = await db.transaction(async (tx): Promise<CancelOutcome | 'retry'> => {
      // One lock order everywhere (parts, then orders, each in id order), groupmates included, so no two requests
      // deadlock.
      const before = (await linesOf(tx, [orderId])).get(orderId) ?? [];
      const partIds = [...new Set(before.flatMap((line) => (line.partId ? [line.partId] : [])))].sort();
      for (const partId of partIds) await lockPart(tx, partId);
      const held = await lockOrders(tx, await withGroupmates(tx, orderId));
      const order = held.find((r) => r.id === orderId);
      if (!order) return { kind: 'gone' };
      if (order.paid) return { kind: 'already-paid' };
      const verdict = await ledgerVerdict(tx, order);
      if (verdict === 'payment-open') return 'retry';
      if (verdict !== 'clear') return { kind: verdict };
      const cancelled = await markCancelled(tx, order.id, by, admin?.note ?? RECORDED_REASONS[reason]);
      if (admin) await recordOrderChange(tx, admin.caller, 'order.cancel', order, cancelled);
      // What each line has left to put back, read under the lock.
      for (const line of (await linesOf(tx, [orderId])).get(orderId) ?? []) {
        if (line.partId) await restockOrderPart(tx, order, line.partId, unitsLeftToRestock(line));
      }
      // In the same transaction: the customer hears of every cancellation, and only of real ones. An order whose
      // payment was declined as it was placed was never announced, so its end is not either.
      if (reason !== 'declined') await queueOrderEmail(tx, 'order-cancelled', order, reason);
      return { kind: 'cancelled', order, reason };
    });
    if (outcome !== 'retry') return outcome;
  }
  return { kind: 'payment-in-progress' };
}
