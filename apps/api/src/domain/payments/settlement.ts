import type { Db } from '#api/db/client.ts';
import { HttpError } from '#api/lib/http-error.ts';
import { placedByAssistant, queueOrderEmail } from '../orders/order-emails.ts';
import { findOrder, findOrders, lockOrders, markOrdersPaid, type OrderRow } from '../orders/orders.repo.ts';
import {
  intentFromRow,
  mirrorStripeIntent,
  paymentsForOrder,
  succeededPaymentsFor,
} from '../payment-gateway/ledger.repo.ts';
import type { GatewayIntent, PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { groupOrderIds } from './payment-groups.repo.ts';
import {
  markStrayRefunded,
  recordStrayRefund,
  stalePendingStrayRefunds,
  strayRefundedAmong,
  type StrayRefundReason,
} from './stray-payment-refunds.repo.ts';
import { paymentsSettled, refundsIssued } from '#api/lib/shop-counters.ts';

/** Settlement: every way orders become paid goes through `payWith`, single or group alike. */

/** Why a succeeded intent could not pay its orders; each means its money is refunded. */
type Stray = 'duplicate' | 'order-gone' | 'mismatch';
type PayOutcome = 'paid' | 'already-paid' | Stray;

/** The rule for taking a gateway's word that these orders (all an intent pays) are paid. */
function intentPays(rows: readonly OrderRow[], intent: GatewayIntent): boolean {
  const total = rows.reduce((sum, r) => sum + r.totalCents, 0);
  const single = intent.orderId !== null;
  return (
    intent.status === 'succeeded' &&
    (!single || (rows.length === 1 && rows[0]?.id === intent.orderId)) &&
    intent.amountCents === total &&
    intent.currency === 'usd'
  );
}

/** The ids of the orders an intent pays: its order, or every member of its group. */
export async function orderIdsPaidBy(db: Db, intent: Pick<GatewayIntent, 'orderId' | 'groupId'>): Promise<string[]> {
  if (intent.orderId) return [intent.orderId];
  return intent.groupId ? groupOrderIds(db, intent.groupId) : [];
}

/** Pays all the intent's orders or none, holding their rows in id order. Idempotent; otherwise says why not. */
async function payWith(db: Db, intent: GatewayIntent): Promise<PayOutcome> {
  return db.transaction(async (tx) => {
    const ids = await orderIdsPaidBy(tx, intent);
    const rows = await lockOrders(tx, ids);
    if (rows.length > 0 && rows.every((r) => r.paid && r.transactionId === intent.id)) return 'already-paid';
    if (ids.length === 0 || rows.length < ids.length) return 'order-gone';
    if (rows.some((r) => r.paid)) return 'duplicate';
    if (!intentPays(rows, intent)) return 'mismatch';
    // The receipt emails commit with the payment, so every paid order has one queued.
    for (const paid of await markOrdersPaid(tx, ids, intent.id)) {
      await queueOrderEmail(tx, placedByAssistant(paid) ? 'order-confirmed' : 'payment-receipt', paid);
    }
    return 'paid';
  });
}

/** Pays unpaid orders whose intent already succeeded (the API died or the tab closed). One extra query per list. */
export async function reconcileFromLedger(db: Db, rows: OrderRow[]): Promise<OrderRow[]> {
  const unpaid = rows.filter((r) => !r.paid).map((r) => r.id);
  const succeeded = await succeededPaymentsFor(db, unpaid);
  let changed = false;
  for (const payment of succeeded) {
    if ((await payWith(db, intentFromRow(payment))) === 'paid') changed = true;
  }
  if (!changed) return rows;
  const now = new Map((await findOrders(db, unpaid)).map((r) => [r.id, r]));
  return rows.map((r) => now.get(r.id) ?? r);
}

/**
 * Asks the gateway about open intents (catching a success whose webhook is late); a 502 leaves the order as stored.
 */
export async function reconcileLive(db: Db, gateway: PaymentGateway, row: OrderRow): Promise<OrderRow> {
  if (row.paid) return row;
  const order = (await reconcileFromLedger(db, [row]))[0] ?? row;
  if (order.paid) return order;
  try {
    for (const payment of await paymentsForOrder(db, order.id)) {
      if (payment.status === 'succeeded' || payment.status === 'canceled') continue;
      const intent = await gateway.retrieveIntent(db, payment.id);
      if (intent?.status === 'succeeded' && (await payWith(db, intent)) === 'paid') {
        return (await findOrder(db, order.id)) ?? order;
      }
    }
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 502)) throw error;
  }
  return order;
}

/** Called outside any transaction (Stripe is a network call); the ledger learns each answer. */
export async function cancelOpenIntents(db: Db, gateway: PaymentGateway, orderId: string): Promise<void> {
  for (const payment of await paymentsForOrder(db, orderId)) {
    if (payment.status !== 'canceled' && payment.status !== 'succeeded') await gateway.cancelIntent(db, payment.id);
  }
}

export type LedgerVerdict = 'clear' | 'paid' | 'payment-open' | 'payment-mismatch';

/** Whether an unpaid order may end, under the caller's locks: 'clear' when every intent is cancelled. */
export async function ledgerVerdict(db: Db, order: OrderRow): Promise<LedgerVerdict> {
  const every = await paymentsForOrder(db, order.id);
  // A refunded intent (a group paid after one of its orders was paid alone) is closed: its
  // money was refunded, so it neither pays nor holds the rest of its group.
  const refunded = await strayRefundedAmong(
    db,
    every.map((p) => p.id),
  );
  const ledger = every.filter((p) => !refunded.has(p.id));
  const succeeded = ledger.filter((p) => p.status === 'succeeded');
  for (const payment of succeeded) {
    if ((await payWith(db, intentFromRow(payment))) === 'paid') return 'paid';
  }
  if (succeeded.length > 0) return 'payment-mismatch';
  return ledger.some((p) => p.status !== 'canceled') ? 'payment-open' : 'clear';
}

export type SettleOutcome = 'paid' | 'already-paid' | `refunded-${Stray}` | 'not-ours' | 'not-succeeded';

/** The row first, then the gateway outside a transaction; the sweep retries a pending row with the same key. */
export async function refundStrayPayment(
  db: Db,
  gateway: PaymentGateway,
  intent: GatewayIntent,
  reason: StrayRefundReason,
): Promise<void> {
  const row = await recordStrayRefund(db, {
    paymentId: intent.id,
    orderId: intent.orderId,
    groupId: intent.groupId,
    gateway: gateway.kind,
    amountCents: intent.amountCents,
    reason,
  });
  if (row.status === 'succeeded') return;
  await markStrayRefunded(db, intent.id, await gateway.refundIntent(db, intent.id));
  refundsIssued.inc({ status: 'succeeded' });
}

/** Retries refunds a crash or an outage left pending. */
export async function retryPendingStrayRefunds(db: Db, gateway: PaymentGateway): Promise<void> {
  for (const row of await stalePendingStrayRefunds(db, 60, 20)) {
    if (row.gateway !== gateway.kind) continue;
    await markStrayRefunded(db, row.paymentId, await gateway.refundIntent(db, row.paymentId));
    refundsIssued.inc({ status: 'succeeded' });
  }
}

/** An intent succeeded: its orders become paid, or its money is refunded at once. Safe to repeat. */
export async function settleIntent(db: Db, gateway: PaymentGateway, intent: GatewayIntent): Promise<SettleOutcome> {
  if (intent.status !== 'succeeded') return 'not-succeeded';
  if (!intent.orderId && !intent.groupId) return 'not-ours';
  const outcome = await payWith(db, intent);
  const settled: SettleOutcome = outcome === 'paid' || outcome === 'already-paid' ? outcome : `refunded-${outcome}`;
  if (outcome !== 'paid' && outcome !== 'already-paid') await refundStrayPayment(db, gateway, intent, outcome);
  paymentsSettled.inc({ outcome: settled });
  return settled;
}

/** Two statements: holding the payment row while waiting on the order's would invert the lock order. */
export async function applyStripeEvent(
  db: Db,
  gateway: PaymentGateway,
  intent: GatewayIntent,
): Promise<SettleOutcome | 'recorded'> {
  await mirrorStripeIntent(db, intent);
  return intent.status === 'succeeded' ? settleIntent(db, gateway, intent) : 'recorded';
}
