import type { Db } from '../../db/client.ts';
import { fireAlerts } from '../alerts/fire-alerts.ts';
import { queueOrderEmail, type CancelReason } from '../orders/order-emails.ts';
import { deleteOrder, linesOf, lockOrders, type OrderRow } from '../orders/orders.repo.ts';
import type { PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { withGroupmates } from '../payments/payment-groups.repo.ts';
import { cancelOpenIntents, ledgerVerdict } from '../payments/settlement.ts';
import { lockPart, returnStock } from '../stock/stock.repo.ts';

export type CancelOutcome =
  | { kind: 'cancelled'; order: OrderRow; reason: CancelReason }
  | { kind: 'gone' | 'already-paid' | 'paid' | 'payment-in-progress' | 'payment-mismatch' };

/** A payment started while the order was being cancelled is cancelled too, this many times. */
const ATTEMPTS = 3;

/**
 * The one way an unpaid order ends: its open intents (its payment groups' included, so a
 * group with a cancelled order can no longer be paid) are cancelled at the gateway, then its
 * row is deleted, every line's units go back on the shelf and the cancelled email is queued. The
 * gateway is called outside any
 * transaction, so a slow gateway holds no row that other buyers of the part need; the
 * transaction then re-checks the ledger under the order's lock. An intent that took the
 * money meanwhile pays the order instead, so an order is never both paid and back in stock.
 */
export async function cancelUnpaidOrder(
  db: Db,
  gateway: PaymentGateway,
  orderId: string,
  reason: CancelReason,
): Promise<CancelOutcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    await cancelOpenIntents(db, gateway, orderId);
    const outcome = await db.transaction(async (tx): Promise<CancelOutcome | 'retry'> => {
      // Locks in one order everywhere (parts in id order, then orders in id order) so no two
      // requests deadlock; the order's groupmates are held too, as a group payment would take
      // them. An order's lines never change, so they can be read before its lock.
      const lines = (await linesOf(tx, [orderId])).get(orderId) ?? [];
      const partIds = [...new Set(lines.flatMap((line) => (line.partId ? [line.partId] : [])))].sort();
      for (const partId of partIds) await lockPart(tx, partId);
      const held = await lockOrders(tx, await withGroupmates(tx, orderId));
      const order = held.find((r) => r.id === orderId);
      if (!order) return { kind: 'gone' };
      if (order.paid) return { kind: 'already-paid' };
      const verdict = await ledgerVerdict(tx, order);
      if (verdict === 'payment-open') return 'retry';
      if (verdict !== 'clear') return { kind: verdict };
      // In the same transaction: the customer hears of every cancellation, and only of real ones;
      // queued before the delete, as the email lists the lines the delete removes.
      await queueOrderEmail(tx, 'order-cancelled', order, reason);
      await deleteOrder(tx, order.id);
      for (const line of lines) {
        if (!line.partId) continue;
        await returnStock(tx, line.partId, line.quantity);
        await fireAlerts(tx, line.partId);
      }
      return { kind: 'cancelled', order, reason };
    });
    if (outcome !== 'retry') return outcome;
  }
  return { kind: 'payment-in-progress' };
}
