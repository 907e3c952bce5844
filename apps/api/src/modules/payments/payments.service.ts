import { centsToPriceString } from '@parts-shop/shared/money';
import { ORDER_TOTAL_MAX_CENTS, priceToCents } from '@parts-shop/shared/order';
import { paymentGroupMessages } from '@parts-shop/shared/payment-group';
import type { Card } from '@parts-shop/shared/payment';
import type { Db } from '#api/db/client.ts';
import { answerOrder, answerOrders, orderNotFound } from '#api/domain/orders/order-view.ts';
import { findOrder, findOrders, lockOrder, lockOrders, type OrderRow } from '#api/domain/orders/orders.repo.ts';
import { paymentsForOrder, paymentsForOrders, type PaymentRow } from '#api/domain/payment-gateway/ledger.repo.ts';
import {
  PAYMENT_INTENT_ID,
  type IntentTarget,
  type LocalConfirmResult,
  type LocalPaymentGateway,
  type PaymentGateway,
} from '#api/domain/payment-gateway/payment-gateway.ts';
import { groupFor } from '#api/domain/payments/payment-groups.repo.ts';
import { orderIdsPaidBy, settleIntent } from '#api/domain/payments/settlement.ts';
import type { Caller } from '#api/lib/auth.ts';
import { badRequest, conflict, notFound } from '#api/lib/http-error.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

const alreadyPaid = () => conflict(apiMessages.orderAlreadyPaid);

/** Statuses in which an intent can still be confirmed by the browser, so it is worth reusing. */
const REUSABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

function ownOrder(caller: Caller, order: OrderRow | undefined): OrderRow {
  // Paying is the owner's business only; anyone else is told there is no such order.
  if (!order || order.email !== caller.email) throw orderNotFound();
  return order;
}

type IntentAnswer = { clientSecret: string; paymentIntentId: string };

/** Succeeded: settled; processing: blocks a new one; open for the same orders and amount: answered again. */
async function reuseOrSettle(
  db: Db,
  gateway: PaymentGateway,
  ledger: PaymentRow[],
  wanted: IntentTarget & { amountCents: number },
  isPaid: () => Promise<boolean>,
): Promise<IntentAnswer | undefined> {
  for (const payment of ledger) {
    if (payment.status === 'canceled') continue;
    const intent = await gateway.retrieveIntent(db, payment.id);
    if (!intent) continue;
    if (intent.status === 'succeeded') {
      // The money may already be taken: record it rather than asking for it twice.
      await settleIntent(db, gateway, intent);
      if (await isPaid()) throw alreadyPaid();
      continue;
    }
    if (intent.status === 'processing') throw conflict(apiMessages.paymentProcessing);
    if (
      REUSABLE.has(intent.status) &&
      intent.amountCents === wanted.amountCents &&
      intent.orderId === wanted.orderId &&
      intent.groupId === wanted.groupId
    ) {
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
    }
  }
  return undefined;
}

/** One open intent per order (docs/security.md#payment-intents): the others are cancelled first. */
async function cancelSuperseded(
  db: Db,
  gateway: PaymentGateway,
  ledger: PaymentRow[],
  isPaid: () => Promise<boolean>,
): Promise<void> {
  for (const payment of ledger) {
    if (payment.status === 'canceled' || payment.status === 'succeeded') continue;
    const intent = await gateway.cancelIntent(db, payment.id);
    if (intent?.status === 'succeeded') await settleIntent(db, gateway, intent);
    if (intent?.status === 'processing') throw conflict(apiMessages.paymentProcessing);
  }
  if (await isPaid()) throw alreadyPaid();
}

/**
 * POST /create-payment-intent {orderId}: double clicks get the same intent. The gateway is called outside
 * transactions; the order is re-checked after, so a cancel meanwhile cancels the new intent.
 */
export async function createPaymentIntent(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  input: { orderId: string; totalPrice?: string | number },
): Promise<IntentAnswer> {
  const { order, ledger } = await db.transaction(async (tx) => {
    const locked = ownOrder(caller, await lockOrder(tx, input.orderId));
    if (locked.paid) throw alreadyPaid();
    if (input.totalPrice !== undefined && priceToCents(input.totalPrice) !== locked.totalCents) {
      throw conflict(apiMessages.paymentTotalChanged);
    }
    return { order: locked, ledger: await paymentsForOrder(tx, locked.id) };
  });
  // Only the order's own intents are reused: an open group intent pays more than this order.
  const own = ledger.filter((p) => p.orderId === order.id);
  const target = { orderId: order.id, groupId: null, amountCents: order.totalCents };
  const isPaid = async () => Boolean((await findOrder(db, order.id))?.paid);
  const reused = await reuseOrSettle(db, gateway, own, target, isPaid);
  if (reused) return reused;
  await cancelSuperseded(db, gateway, ledger, isPaid);
  const intent = await gateway.createIntent(db, {
    ...target,
    // One key per attempt: a retried or doubled request finds the intent the first one made.
    idempotencyKey: `order-${order.id}-${own.length}`,
  });
  // Waits for a cancel in progress: it either saw this intent in the ledger, or deleted the order.
  const still = await db.transaction((tx) => lockOrder(tx, order.id));
  if (!still || still.paid) {
    await gateway.cancelIntent(db, intent.id);
    throw still ? alreadyPaid() : orderNotFound();
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

/** The caller's own unpaid orders, locked; anything else is refused by id (someone else's reads as not found). */
function payableOrders(caller: Caller, ids: readonly string[], rows: OrderRow[]): OrderRow[] {
  const mine = new Map(rows.filter((r) => r.email === caller.email).map((r) => [r.id, r]));
  const missing = ids.filter((id) => !mine.has(id));
  if (missing.length > 0) throw notFound(`${paymentGroupMessages.notFound}: ${missing.join(', ')}`);
  const paid = rows.filter((r) => r.paid);
  if (paid.length > 0) {
    throw conflict(`${paymentGroupMessages.alreadyPaid}: ${paid.map((r) => r.productName).join(', ')}`);
  }
  return ids.map((id) => mine.get(id) as OrderRow);
}

/** One intent for several unpaid orders, as a payment group; the same pattern as a single order. */
export async function createGroupPaymentIntent(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  orderIds: readonly string[],
) {
  const { group, orders, ledger } = await db.transaction(async (tx) => {
    const rows = payableOrders(caller, orderIds, await lockOrders(tx, orderIds));
    const totalCents = rows.reduce((sum, r) => sum + r.totalCents, 0);
    if (totalCents > ORDER_TOTAL_MAX_CENTS) throw badRequest(paymentGroupMessages.tooLarge);
    const made = await groupFor(tx, { email: caller.email, orderIds, totalCents });
    return { group: made, orders: rows, ledger: await paymentsForOrders(tx, [...orderIds]) };
  });
  const own = ledger.filter((p) => p.groupId === group.id);
  const answered = await answerOrders(db, orders);
  const answer = (intent: IntentAnswer) => ({
    ...intent,
    groupId: group.id,
    total: centsToPriceString(group.totalCents),
    orders: answered,
  });
  const target = { orderId: null, groupId: group.id, amountCents: group.totalCents };
  const isPaid = async () => (await findOrders(db, orderIds)).some((r) => r.paid);
  const reused = await reuseOrSettle(db, gateway, own, target, isPaid);
  if (reused) return answer(reused);
  await cancelSuperseded(db, gateway, ledger, isPaid);
  const intent = await gateway.createIntent(db, { ...target, idempotencyKey: `group-${group.id}-${own.length}` });
  try {
    // Waits for a cancel in progress: it either saw this intent in the ledger, or deleted its order.
    await db.transaction(async (tx) => payableOrders(caller, orderIds, await lockOrders(tx, orderIds)));
  } catch (error) {
    await gateway.cancelIntent(db, intent.id);
    throw error;
  }
  return answer({ clientSecret: intent.clientSecret, paymentIntentId: intent.id });
}

/** Paid only for a succeeded intent of their total; a repeat answers the same, a second payment is refunded. */
export async function recordPayment(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  orderId: string,
  transactionId: string,
) {
  const order = ownOrder(caller, await findOrder(db, orderId));
  if (order.paid && order.transactionId === transactionId) return answerOrder(db, order);
  const intent = PAYMENT_INTENT_ID.test(transactionId) ? await gateway.retrieveIntent(db, transactionId) : null;
  const forThisOrder = intent !== null && (await orderIdsPaidBy(db, intent)).includes(order.id);
  if (order.paid) {
    if (intent && forThisOrder) await settleIntent(db, gateway, intent);
    throw alreadyPaid();
  }
  if (!intent) throw badRequest(apiMessages.paymentNotFound);
  if (!forThisOrder) throw conflict(apiMessages.paymentOtherOrder);
  if (intent.status !== 'succeeded') throw conflict(apiMessages.paymentIncomplete);
  const outcome = await settleIntent(db, gateway, intent);
  if (outcome === 'refunded-order-gone') throw orderNotFound();
  if (outcome === 'refunded-mismatch') throw conflict(apiMessages.paymentTotalMismatch);
  if (outcome !== 'paid' && outcome !== 'already-paid') throw alreadyPaid();
  const paid = await findOrder(db, order.id);
  if (!paid) throw orderNotFound();
  return answerOrder(db, paid);
}

/**
 * The local gateway's confirmation pays the order at once, as Stripe's webhook would. Its success commits first, so a
 * crash before the order is marked is found by reconciliation.
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
