import { priceToCents } from '@parts-shop/shared/order';
import type { Card } from '@parts-shop/shared/payment';
import type { Db } from '../../db/client.ts';
import { orderNotFound, toOrder } from '../../domain/orders/order-view.ts';
import { findOrder, lockOrder, type OrderRow } from '../../domain/orders/orders.repo.ts';
import { paymentsForOrder } from '../../domain/payment-gateway/ledger.repo.ts';
import {
  PAYMENT_INTENT_ID,
  type LocalConfirmResult,
  type LocalPaymentGateway,
  type PaymentGateway,
} from '../../domain/payment-gateway/payment-gateway.ts';
import { intentPays, settleIntent } from '../../domain/payments/settlement.ts';
import type { Caller } from '../../lib/auth.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';

const alreadyPaid = () => conflict('This order is already paid');

/** Statuses in which an intent can still be confirmed by the browser, so it is worth reusing. */
const REUSABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

function ownOrder(caller: Caller, order: OrderRow | undefined): OrderRow {
  // Paying is the owner's business only; anyone else is told there is no such order.
  if (!order || order.email !== caller.email) throw orderNotFound();
  return order;
}

/**
 * POST /create-payment-intent (docs/product.md#payments). The amount is the stored order's,
 * and double clicks get the same intent instead of a pile of new ones. The gateway is only
 * called outside transactions: the order is checked under its lock first, and again after a
 * new intent exists, so an order cancelled meanwhile gets its new intent cancelled too.
 */
export async function createPaymentIntent(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  input: { orderId: string; totalPrice?: string | number },
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const { order, ledger } = await db.transaction(async (tx) => {
    const locked = ownOrder(caller, await lockOrder(tx, input.orderId));
    if (locked.paid) throw alreadyPaid();
    if (input.totalPrice !== undefined && priceToCents(input.totalPrice) !== locked.totalCents) {
      throw conflict('The total does not match this order; reload the page');
    }
    return { order: locked, ledger: await paymentsForOrder(tx, locked.id) };
  });
  for (const payment of ledger) {
    if (payment.status === 'canceled') continue;
    const intent = await gateway.retrieveIntent(db, payment.id);
    if (!intent) continue;
    if (intent.status === 'succeeded') {
      // The money is already taken: record it rather than asking for it twice.
      if (intentPays(order, intent) && (await settleIntent(db, gateway, intent)) !== 'not-succeeded') {
        throw alreadyPaid();
      }
      continue;
    }
    if (intent.status === 'processing') throw conflict('A payment for this order is being processed');
    if (REUSABLE.has(intent.status) && intent.amountCents === order.totalCents && intent.orderId === order.id) {
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
    }
  }
  const intent = await gateway.createIntent(db, {
    orderId: order.id,
    amountCents: order.totalCents,
    // One key per attempt: a retried or doubled request finds the intent the first one made.
    idempotencyKey: `order-${order.id}-${ledger.length}`,
  });
  // Waits for a cancel in progress: it either saw this intent in the ledger, or deleted the order.
  const still = await db.transaction((tx) => lockOrder(tx, order.id));
  if (!still || still.paid) {
    await gateway.cancelIntent(db, intent.id);
    throw still ? alreadyPaid() : orderNotFound();
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

/**
 * PATCH /orders/{id}: the browser says "paid with transactionId". The gateway is asked, and
 * the order is marked paid only for a succeeded intent of this order and this amount.
 * Repeating it with the same id answers the same paid order; a second payment for an order
 * already paid is refunded.
 */
export async function recordPayment(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  orderId: string,
  transactionId: string,
) {
  const order = ownOrder(caller, await findOrder(db, orderId));
  if (order.paid && order.transactionId === transactionId) return toOrder(order);
  const intent = PAYMENT_INTENT_ID.test(transactionId) ? await gateway.retrieveIntent(db, transactionId) : null;
  if (order.paid) {
    if (intent?.orderId === order.id) await settleIntent(db, gateway, intent);
    throw alreadyPaid();
  }
  if (!intent) throw badRequest('No such payment');
  if (intent.orderId !== order.id) throw conflict('That payment is not for this order');
  if (intent.status !== 'succeeded') throw conflict('That payment has not been completed');
  if (!intentPays(order, intent)) throw conflict('That payment does not match the order total');
  const outcome = await settleIntent(db, gateway, intent);
  if (outcome === 'refunded-order-gone') throw orderNotFound();
  if (outcome !== 'paid' && outcome !== 'already-paid') throw alreadyPaid();
  const paid = await findOrder(db, order.id);
  if (!paid) throw orderNotFound();
  return toOrder(paid);
}

/**
 * The local gateway's card confirmation. On success the order is marked paid right away, the
 * way Stripe's webhook would; the browser's PATCH that follows is then a harmless repeat and
 * a closed tab loses nothing. The gateway's success is committed first and on its own: if the
 * process dies before the order is marked, reconciliation finds it in the ledger. Money the
 * order cannot take (it was paid meanwhile, or cancelled) is refunded at once.
 */
export async function confirmLocalCard(
  db: Db,
  gateway: LocalPaymentGateway,
  clientSecret: string,
  card: Card,
): Promise<LocalConfirmResult | { kind: 'refunded' }> {
  const result = await gateway.confirmCard(db, clientSecret, card);
  if (result.kind !== 'succeeded') return result;
  const outcome = await settleIntent(db, gateway, result.intent);
  return outcome.startsWith('refunded-') ? { kind: 'refunded' } : result;
}
