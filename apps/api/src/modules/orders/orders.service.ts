import { messages } from '@parts-shop/shared/ui-messages';
import { centsToPriceString, formatCents } from '@parts-shop/shared/money';
import {
  priceToCents,
  type NewOrder,
  type OrderCounts,
  type OrderDetail,
  type OrderFilterQuery,
  type OrderTab,
  type ShipInput,
} from '@parts-shop/shared/order';
import { PAYMENT_GROUP_MAX } from '@parts-shop/shared/payment-group';
import type { Db } from '#api/db/client.ts';
import { recordOrderChange } from '#api/domain/orders/order-audit.ts';
import { queueOrderEmail } from '#api/domain/orders/order-emails.ts';
import {
  answerOrder,
  answerOrders,
  canSee,
  orderNotFound,
  orderSeenBy,
  toOrder,
} from '#api/domain/orders/order-view.ts';
import {
  countOrdersByTab,
  findOrder,
  findOrderRecord,
  linesOf,
  listOrders,
  listUnpaidOrders,
  lockOrder,
  markOrderShipped,
  type OrderFilters,
  type OrderRow,
} from '#api/domain/orders/orders.repo.ts';
import { placeOneOrder, type PlacementRules } from '#api/domain/orders/place-orders.ts';
import { destinationPricing } from '#api/domain/checkout/order-destination.ts';
import { paymentsForOrder } from '#api/domain/payment-gateway/ledger.repo.ts';
import { issueRefund } from '#api/domain/payments/issue-refund.ts';
import { reconcileFromLedger, reconcileLive } from '#api/domain/payments/settlement.ts';
import { findPartStock } from '#api/domain/stock/stock.repo.ts';
import { cancelUnpaidOrder } from '#api/domain/unpaid-orders/cancel-unpaid-order.ts';
import { expireOverdueOrders, shortestHoldMs } from '#api/domain/unpaid-orders/expire-unpaid-orders.ts';
import type { Caller } from '#api/lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '#api/lib/http-error.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export type OrderRules = PlacementRules & {
  /** Whether GET /orders/{id} may ask the gateway about this order now (throttled per order). */
  mayAskGateway: (orderId: string) => boolean;
};

/** Whether the order may be overdue; the expiry itself decides by its customer's hold. */
function mayBeOverdue(rules: OrderRules, order: OrderRow): boolean {
  return !order.paid && Date.now() - order.createdAt.getTime() > shortestHoldMs(rules.hold);
}

export async function placeOrder(db: Db, rules: OrderRules, caller: Caller, input: NewOrder) {
  const quantity = input.totalOrder;
  // A client-sent total is checked, never used (docs/product.md#prices).
  const sentCents = input.totalPrice === undefined ? undefined : priceToCents(input.totalPrice);
  if (sentCents === null) throw badRequest(apiMessages.totalPriceFormat);

  const row = await placeOneOrder(db, rules, caller, {
    lines: [{ partId: input.partId, quantity }],
    ...(await destinationPricing(db, input)),
    discountCodes: input.discountCodes ?? [],
    short: async (tx) => {
      const part = await findPartStock(tx, input.partId);
      if (!part) return notFound(apiMessages.partNotFound);
      if (quantity < part.minOrder) return badRequest(messages.quantityOutOfRange);
      return conflict(messages.notEnoughStock);
    },
    accept: (placed) => {
      if (sentCents !== undefined && sentCents !== placed.totalCents) {
        throw conflict(
          `The price has changed: the total is now ${formatCents(placed.totalCents)}. Check it and order again.`,
        );
      }
    },
  });
  return toOrder(row);
}

/** Cancels overdue unpaid rows before they are shown (the sweep may not have reached them). */
async function withoutOverdue(db: Db, rules: OrderRules, rows: OrderRow[]): Promise<OrderRow[]> {
  const overdue = rows.filter((r) => mayBeOverdue(rules, r));
  for (const row of overdue) await expireOverdueOrders(db, rules.gateway, rules.hold, { orderId: row.id });
  if (overdue.length === 0) return rows;
  const still = await Promise.all(overdue.map((r) => findOrder(db, r.id)));
  const gone = new Set(overdue.filter((_, i) => !still[i]).map((r) => r.id));
  return rows.filter((r) => !gone.has(r.id));
}

export async function pageOfOrders(
  db: Db,
  rules: OrderRules,
  caller: Caller,
  query: { email?: string; limit: number; before?: string },
) {
  const email = query.email ?? caller.email;
  if (caller.role !== 'admin' && email !== caller.email) throw forbidden(apiMessages.ownOrdersOnly);
  const rows = await withoutOverdue(db, rules, await listOrders(db, query.limit + 1, { email, before: query.before }));
  return (await answerOrders(db, await reconcileFromLedger(db, rows))).map((order) => orderSeenBy(caller, order));
}

/** "Pay all unpaid": overdue ones end and paid ones settle first, so the total is what is charged. */
export async function unpaidOrders(db: Db, rules: OrderRules, caller: Caller) {
  await expireOverdueOrders(db, rules.gateway, rules.hold, { email: caller.email });
  const rows = await reconcileFromLedger(db, await listUnpaidOrders(db, caller.email, PAYMENT_GROUP_MAX));
  const unpaid = rows.filter((r) => !r.paid);
  const totalCents = unpaid.reduce((sum, r) => sum + r.totalCents, 0);
  return { count: unpaid.length, total: centsToPriceString(totalCents), orderIds: unpaid.map((r) => r.id) };
}

/** Manage Orders' filters as the query string names them (`customer` is the email). */
export type AllOrdersFilters = Omit<OrderFilterQuery, 'status'> & { tab: OrderTab };

export function filtersOf({ customer, ...rest }: Omit<AllOrdersFilters, 'tab'>): Omit<OrderFilters, 'tab'> {
  return { ...rest, email: customer };
}

export async function pageOfAllOrders(
  db: Db,
  rules: OrderRules,
  query: AllOrdersFilters & { limit: number; before?: string },
) {
  const { tab, limit, before, ...filters } = query;
  const listed = await listOrders(db, limit + 1, { ...filtersOf(filters), tab, before });
  const rows = await withoutOverdue(db, rules, listed);
  return answerOrders(db, await reconcileFromLedger(db, rows));
}

export function orderCounts(db: Db, query: Omit<AllOrdersFilters, 'tab'>): Promise<OrderCounts> {
  return countOrdersByTab(db, filtersOf(query));
}

/** The order detail page and receipt: its owner's or, for an admin, anyone's; others 404. */
export async function getOrderDetail(db: Db, rules: OrderRules, caller: Caller, id: string): Promise<OrderDetail> {
  const order = await currentOrder(db, rules, caller, id);
  const payment = order.transactionId
    ? (await paymentsForOrder(db, order.id)).find((p) => p.id === order.transactionId)
    : undefined;
  const timeline: OrderDetail['timeline'] = [{ event: 'placed', at: order.createdAt.toISOString() }];
  if (order.paidAt) timeline.push({ event: 'paid', at: order.paidAt.toISOString() });
  if (order.shippedAt) timeline.push({ event: 'shipped', at: order.shippedAt.toISOString() });
  return {
    order: orderSeenBy(caller, await answerOrder(db, order)),
    customer: { email: order.email, userName: order.userName },
    payment:
      order.paid && order.transactionId
        ? {
            amount: centsToPriceString(order.totalCents),
            gateway: payment?.gateway ?? 'unknown',
            transactionId: order.transactionId,
            paidAt: (order.paidAt ?? order.createdAt).toISOString(),
            cardBrand: payment?.cardBrand ?? null,
            cardLast4: payment?.cardLast4 ?? null,
          }
        : null,
    timeline,
  };
}

/** Asks the gateway at most once per order every few seconds; Stripe's webhook stays the truth. */
async function currentOrder(db: Db, rules: OrderRules, caller: Caller, id: string): Promise<OrderRow> {
  const [row] = await withoutOverdue(
    db,
    rules,
    [await findOrder(db, id)].filter((r) => r !== undefined),
  );
  if (!row) return cancelledRecord(db, caller, id);
  if (!canSee(caller, row)) throw orderNotFound();
  return rules.mayAskGateway(row.id)
    ? reconcileLive(db, rules.gateway, row)
    : ((await reconcileFromLedger(db, [row]))[0] ?? row);
}

/** A cancelled order, kept on record for its customer and the shop; nothing about it moves. */
async function cancelledRecord(db: Db, caller: Caller, id: string): Promise<OrderRow> {
  const row = await findOrderRecord(db, id);
  if (!row || !canSee(caller, row)) throw orderNotFound();
  return row;
}

export async function getOrder(db: Db, rules: OrderRules, caller: Caller, id: string) {
  return orderSeenBy(caller, await answerOrder(db, await currentOrder(db, rules, caller, id)));
}

/** Open intents are cancelled first; one that already took the money makes the order paid (409). */
export async function cancelOrder(db: Db, rules: OrderRules, caller: Caller, id: string): Promise<void> {
  const order = await findOrder(db, id);
  if (!order || !canSee(caller, order)) throw orderNotFound();
  if (order.paid) throw conflict(apiMessages.cancelUnpaidOnly);
  await endUnpaid(db, rules, caller, order);
}

async function endUnpaid(db: Db, rules: OrderRules, caller: Caller, order: OrderRow, note?: string): Promise<void> {
  const reason = order.email === caller.email ? 'customer' : 'admin';
  // An admin's change: another's order, or any through POST /orders/{id}/cancel (with a note).
  const admin = reason === 'admin' || note !== undefined ? { caller, note } : undefined;
  const outcome = await cancelUnpaidOrder(db, rules.gateway, order.id, reason, caller.email, admin);
  switch (outcome.kind) {
    case 'cancelled':
      return;
    case 'gone':
      throw orderNotFound();
    case 'already-paid':
      throw conflict(apiMessages.cancelUnpaidOnly);
    case 'paid':
      throw conflict(apiMessages.cancelPaid);
    case 'payment-in-progress':
      throw conflict(apiMessages.cancelPaymentInProgress);
    case 'payment-mismatch':
      throw conflict(apiMessages.cancelPaymentTaken);
  }
}

/** An unpaid order ends as its customer's would; a paid, unshipped one is refunded in full. */
export async function cancelWithReason(db: Db, rules: OrderRules, caller: Caller, id: string, reason: string) {
  const order = await findOrderRecord(db, id);
  if (!order) throw orderNotFound();
  if (order.cancelledAt) throw conflict(apiMessages.orderAlreadyCancelled);
  const [now] = await reconcileFromLedger(db, [order]);
  if (now?.paid) {
    await issueRefund(db, rules.gateway, {
      orderId: id,
      amountCents: 'rest',
      cause: 'cancel',
      reason,
      by: caller.email,
      restock: ((await linesOf(db, [id])).get(id) ?? []).flatMap((line) =>
        line.partId ? [{ partId: line.partId, quantity: 'rest' as const }] : [],
      ),
      cancel: true,
      audit: { caller, kind: 'order.cancel' },
    });
  } else {
    await endUnpaid(db, rules, caller, order, reason);
  }
  const row = await findOrderRecord(db, id);
  if (!row) throw orderNotFound();
  return answerOrder(db, row);
}

/**
 * The order's lock comes first, so a refund that restocked units has committed before the ship rule reads the lines.
 */
function shipWithEmail(db: Db, caller: Caller, id: string, tracking: ShipInput): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockOrder(tx, id))) return undefined;
    const shipped = await markOrderShipped(tx, id, tracking);
    if (!shipped) return undefined;
    await queueOrderEmail(tx, 'order-shipped', shipped);
    const before = { ...shipped, shipped: false, shippedAt: null, carrier: null, trackingNumber: null };
    await recordOrderChange(tx, caller, 'order.ship', before, shipped);
    return shipped;
  });
}

function shipRefusal(row: OrderRow): string {
  if (row.shipped) return 'This order has already shipped';
  if (!row.paid) return 'Only paid orders can be shipped';
  return apiMessages.shipNothingLeft;
}

/** Admin: Pending -> Shipped, only for an order the To ship tab holds (`shippable`); else 409. */
export async function shipOrder(db: Db, caller: Caller, id: string, tracking: ShipInput = {}) {
  const shipped = await shipWithEmail(db, caller, id, tracking);
  if (shipped) return answerOrder(db, shipped);
  const row = await findOrder(db, id);
  if (!row) throw orderNotFound();
  if (!row.paid) {
    const [reconciled] = await reconcileFromLedger(db, [row]);
    const now = reconciled?.paid ? await shipWithEmail(db, caller, id, tracking) : undefined;
    if (now) return answerOrder(db, now);
    if (reconciled) throw conflict(shipRefusal(reconciled));
  }
  throw conflict(shipRefusal(row));
}
