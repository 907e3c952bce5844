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
import { intentPays, payOrderWith, settleIntent } from '../../domain/payments/settlement.ts';
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
 * POST /create-payment-intent (docs/product.md#payments). The amount is the stored order's; the order
 * row is held while the intent is found or made, so a cancel cannot slip in between, and
 * double clicks get the same intent instead of a pile of new ones.
 */
export async function createPaymentIntent(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  input: { orderId: string; totalPrice?: string | number },
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  const outcome = await db.transaction(async (tx) => {
    const order = ownOrder(caller, await lockOrder(tx, input.orderId));
    if (order.paid) return { kind: 'paid' as const };
    if (input.totalPrice !== undefined && priceToCents(input.totalPrice) !== order.totalCents) {
      throw conflict('The total does not match this order; reload the page');
    }
    const ledger = await paymentsForOrder(tx, order.id);
    for (const payment of ledger) {
      if (payment.status === 'canceled') continue;
      const intent = await gateway.retrieveIntent(tx, payment.id);
      if (!intent) continue;
      if (intent.status === 'succeeded') {
        // The money is already taken: record it rather than asking for it twice.
        if (intentPays(order, intent)) {
          await payOrderWith(tx, order, intent);
          return { kind: 'paid' as const };
        }
        continue;
      }
      if (intent.status === 'processing') return { kind: 'processing' as const };
      if (REUSABLE.has(intent.status) && intent.amountCents === order.totalCents && intent.orderId === order.id) {
        return { kind: 'intent' as const, intent };
      }
    }
    const intent = await gateway.createIntent(tx, {
      orderId: order.id,
      amountCents: order.totalCents,
      // One key per attempt: a retried or doubled request finds the intent the first one made.
      idempotencyKey: `order-${order.id}-${ledger.length}`,
    });
    return { kind: 'intent' as const, intent };
  });
  if (outcome.kind === 'paid') throw alreadyPaid();
  if (outcome.kind === 'processing') throw conflict('A payment for this order is being processed');
  return { clientSecret: outcome.intent.clientSecret, paymentIntentId: outcome.intent.id };
}

/**
 * PATCH /orders/{id}: the browser says "paid with transactionId". The gateway is asked, and
 * the order is marked paid only for a succeeded intent of this order and this amount.
 * Repeating it with the same id answers the same paid order.
 */
export async function recordPayment(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  orderId: string,
  transactionId: string,
) {
  const order = ownOrder(caller, await findOrder(db, orderId));
  if (order.paid) {
    if (order.transactionId === transactionId) return toOrder(order);
    throw alreadyPaid();
  }
  const intent = PAYMENT_INTENT_ID.test(transactionId) ? await gateway.retrieveIntent(db, transactionId) : null;
  if (!intent) throw badRequest('No such payment');
  if (intent.orderId !== order.id) throw conflict('That payment is not for this order');
  if (intent.status !== 'succeeded') throw conflict('That payment has not been completed');
  if (!intentPays(order, intent)) throw conflict('That payment does not match the order total');
  const paid = await payOrderWith(db, order, intent);
  if (!paid) throw orderNotFound();
  if (paid.transactionId !== intent.id) throw alreadyPaid();
  return toOrder(paid);
}

/**
 * The local gateway's card confirmation. On success the order is marked paid right away, the
 * way Stripe's webhook would; the browser's PATCH that follows is then a harmless repeat and
 * a closed tab loses nothing. The gateway's success is committed first and on its own: if the
 * process dies before the order is marked, reconciliation finds it in the ledger.
 */
export async function confirmLocalCard(
  db: Db,
  gateway: LocalPaymentGateway,
  clientSecret: string,
  card: Card,
): Promise<LocalConfirmResult> {
  const result = await gateway.confirmCard(db, clientSecret, card);
  if (result.kind === 'succeeded') await settleIntent(db, result.intent);
  return result;
}
