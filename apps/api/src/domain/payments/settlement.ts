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

export type ReleaseOutcome = 'released' | 'paid' | 'payment-in-progress' | 'payment-mismatch';

/**
 * Before an unpaid order gives its stock back, every intent still open at the gateway is
 * cancelled, so no money can be taken for it; one that already took the money pays the
 * order instead. The caller holds the order row.
 */
export async function releaseIntents(db: Db, gateway: PaymentGateway, order: OrderRow): Promise<ReleaseOutcome> {
  for (const payment of await paymentsForOrder(db, order.id)) {
    if (payment.status === 'canceled') continue;
    const intent = payment.status === 'succeeded' ? intentFromRow(payment) : await gateway.cancelIntent(db, payment.id);
    if (!intent || intent.status === 'canceled') continue;
    if (intent.status !== 'succeeded') return 'payment-in-progress';
    if (!intentPays(order, intent)) return 'payment-mismatch';
    await payOrderWith(db, order, intent);
    return 'paid';
  }
  return 'released';
}

export type SettleOutcome =
  'paid' | 'already-paid' | 'paid-by-another-intent' | 'no-order' | 'not-ours' | 'mismatch' | 'not-succeeded';

/**
 * The gateway says an intent succeeded (a Stripe webhook, or the local gateway's confirm):
 * the order it names becomes paid. Safe to repeat; the outcome is for the log.
 */
export async function settleIntent(db: Db, intent: GatewayIntent): Promise<SettleOutcome> {
  if (intent.status !== 'succeeded') return 'not-succeeded';
  if (!intent.orderId) return 'not-ours';
  const order = await findOrder(db, intent.orderId);
  if (!order) return 'no-order';
  if (order.paid) return order.transactionId === intent.id ? 'already-paid' : 'paid-by-another-intent';
  if (!intentPays(order, intent)) return 'mismatch';
  const paid = await payOrderWith(db, order, intent);
  return paid?.transactionId === intent.id ? 'paid' : 'paid-by-another-intent';
}

/**
 * A Stripe webhook event: the mirror learns the new status, and a success pays the order.
 * Two separate statements on purpose: holding the payment row while waiting for the order
 * row would invert the lock order of create-payment-intent and cancel (order, then payment).
 */
export async function applyStripeEvent(db: Db, intent: GatewayIntent): Promise<SettleOutcome | 'recorded'> {
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
  return intent.status === 'succeeded' ? settleIntent(db, intent) : 'recorded';
}
