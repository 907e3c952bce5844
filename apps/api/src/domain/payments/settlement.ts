import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { queueOrderEmail } from '../orders/order-emails.ts';
import { findOrder, markOrderPaid, type OrderRow } from '../orders/orders.repo.ts';
import {
  intentFromRow,
  paymentsForOrder,
  succeededPaymentsFor,
  upsertPaymentStatus,
} from '../payment-gateway/ledger.repo.ts';
import type { GatewayIntent, PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { markRefunded, recordRefund, stalePendingRefunds, type RefundReason } from './refunds.repo.ts';

/**
 * Settlement: which gateway intent pays which order. Every way an order becomes paid (the
 * browser's PATCH, the local gateway's confirm, Stripe's webhook, reconciliation on reads,
 * a cancel that finds the money already taken) goes through `payOrderWith`.
 */

/** The rule for taking a gateway's word that an order is paid. */
export function intentPays(order: Pick<OrderRow, 'id' | 'totalCents'>, intent: GatewayIntent): boolean {
  return (
    intent.status === 'succeeded' &&
    intent.orderId === order.id &&
    intent.amountCents === order.totalCents &&
    intent.currency === 'usd'
  );
}

/**
 * Marks an order paid by a succeeded intent. Idempotent: the same intent again answers the
 * paid order; a different one leaves it alone. Undefined when the order is gone.
 */
export async function payOrderWith(db: Db, order: OrderRow, intent: GatewayIntent): Promise<OrderRow | undefined> {
  if (order.paid || !intentPays(order, intent)) return order;
  // The receipt email commits with the payment, so a paid order always has one queued.
  return db.transaction(async (tx) => {
    const paid = await markOrderPaid(tx, order.id, intent.id, intent.amountCents);
    if (!paid) return findOrder(tx, order.id);
    await queueOrderEmail(tx, 'payment-receipt', paid);
    return paid;
  });
}

/**
 * Unpaid orders whose payment the gateway has already recorded as succeeded become paid
 * (the API may have died between the gateway's success and the browser's PATCH, or the tab
 * was closed). Reads only the ledger, so a list costs one extra query, not one per order.
 */
export async function reconcileFromLedger(db: Db, rows: OrderRow[]): Promise<OrderRow[]> {
  const unpaid = rows.filter((r) => !r.paid);
  const succeeded = await succeededPaymentsFor(
    db,
    unpaid.map((r) => r.id),
  );
  if (succeeded.length === 0) return rows;
  const updated = new Map<string, OrderRow>();
  for (const payment of succeeded) {
    const order = updated.get(payment.orderId) ?? unpaid.find((r) => r.id === payment.orderId);
    if (!order || order.paid) continue;
    const paid = await payOrderWith(db, order, intentFromRow(payment));
    if (paid) updated.set(order.id, paid);
  }
  return rows.map((r) => updated.get(r.id) ?? r);
}

/**
 * One order, asking the gateway itself about intents still open in the ledger: with Stripe
 * this catches a success whose webhook has not arrived. A gateway outage must not make the
 * order unreadable, so a 502 from it (already logged) leaves the order as stored.
 */
export async function reconcileLive(db: Db, gateway: PaymentGateway, row: OrderRow): Promise<OrderRow> {
  if (row.paid) return row;
  let order = (await reconcileFromLedger(db, [row]))[0] ?? row;
  if (order.paid) return order;
  try {
    for (const payment of await paymentsForOrder(db, order.id)) {
      if (payment.status === 'succeeded' || payment.status === 'canceled') continue;
      const intent = await gateway.retrieveIntent(db, payment.id);
      if (intent && intentPays(order, intent)) {
        order = (await payOrderWith(db, order, intent)) ?? order;
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode === 502)) throw error;
  }
  return order;
}

/**
 * Asks the gateway to cancel every intent of an order that could still take money. Called
 * outside any transaction (Stripe is a network call); the ledger learns each answer.
 */
export async function cancelOpenIntents(db: Db, gateway: PaymentGateway, orderId: string): Promise<void> {
  for (const payment of await paymentsForOrder(db, orderId)) {
    if (payment.status !== 'canceled' && payment.status !== 'succeeded') await gateway.cancelIntent(db, payment.id);
  }
}

export type LedgerVerdict = 'clear' | 'paid' | 'payment-open' | 'payment-mismatch';

/**
 * Whether an unpaid order may end, from the ledger alone, under the caller's lock on the
 * order: 'clear' when every intent is cancelled; a succeeded intent pays the order instead.
 */
export async function ledgerVerdict(db: Db, order: OrderRow): Promise<LedgerVerdict> {
  const ledger = await paymentsForOrder(db, order.id);
  const succeeded = ledger.find((p) => p.status === 'succeeded');
  if (succeeded) {
    const intent = intentFromRow(succeeded);
    if (!intentPays(order, intent)) return 'payment-mismatch';
    await payOrderWith(db, order, intent);
    return 'paid';
  }
  return ledger.some((p) => p.status !== 'canceled') ? 'payment-open' : 'clear';
}

export type SettleOutcome =
  | 'paid'
  | 'already-paid'
  | 'refunded-duplicate'
  | 'refunded-order-gone'
  | 'refunded-mismatch'
  | 'not-ours'
  | 'not-succeeded';

/**
 * Gives back money that no order can take. The refunds row is written first (one per
 * payment), then the gateway is asked outside any transaction; a crash in between leaves a
 * pending row that the periodic sweep retries with the same idempotency key.
 */
export async function refundStrayPayment(
  db: Db,
  gateway: PaymentGateway,
  intent: GatewayIntent & { orderId: string },
  reason: RefundReason,
): Promise<void> {
  const row = await recordRefund(db, {
    paymentId: intent.id,
    orderId: intent.orderId,
    gateway: gateway.kind,
    amountCents: intent.amountCents,
    reason,
  });
  if (row.status === 'succeeded') return;
  await markRefunded(db, intent.id, await gateway.refundIntent(db, intent.id));
}

/** Retries refunds a crash or an outage left pending. */
export async function retryPendingRefunds(db: Db, gateway: PaymentGateway): Promise<void> {
  for (const row of await stalePendingRefunds(db, 60, 20)) {
    if (row.gateway !== gateway.kind) continue;
    await markRefunded(db, row.paymentId, await gateway.refundIntent(db, row.paymentId));
  }
}

/**
 * The gateway says an intent succeeded (a Stripe webhook, the local gateway's confirm, the
 * browser's PATCH): the order it names becomes paid. Money that no order can take (the order
 * was already paid by another intent, is gone, or costs another amount) is refunded at once.
 * Safe to repeat; the outcome is for the caller and the log.
 */
export async function settleIntent(db: Db, gateway: PaymentGateway, intent: GatewayIntent): Promise<SettleOutcome> {
  if (intent.status !== 'succeeded') return 'not-succeeded';
  const { orderId } = intent;
  if (!orderId) return 'not-ours';
  const order = await findOrder(db, orderId);
  const paid = order && intentPays(order, intent) ? await payOrderWith(db, order, intent) : order;
  if (paid?.paid && paid.transactionId === intent.id) return order?.paid ? 'already-paid' : 'paid';
  const reason: RefundReason = !paid ? 'order-gone' : paid.paid ? 'duplicate' : 'mismatch';
  await refundStrayPayment(db, gateway, { ...intent, orderId }, reason);
  return `refunded-${reason}`;
}

/**
 * A Stripe webhook event: the mirror learns the new status, and a success pays the order.
 * Two separate statements on purpose: holding the payment row while waiting for the order
 * row would invert the lock order of create-payment-intent and cancel (order, then payment).
 */
export async function applyStripeEvent(
  db: Db,
  gateway: PaymentGateway,
  intent: GatewayIntent,
): Promise<SettleOutcome | 'recorded'> {
  if (intent.orderId && intent.currency === 'usd') {
    await upsertPaymentStatus(db, {
      id: intent.id,
      orderId: intent.orderId,
      gateway: 'stripe',
      amountCents: intent.amountCents,
      clientSecret: intent.clientSecret,
      status: intent.status,
    });
  }
  return intent.status === 'succeeded' ? settleIntent(db, gateway, intent) : 'recorded';
}
