import { messages } from '@parts-shop/shared/messages';
import { centsToPriceString } from '@parts-shop/shared/money';
import {
  ORDER_TOTAL_MAX_CENTS,
  formatOrderNumber,
  priceToCents,
  type NewOrder,
  type Order,
  type OrderCounts,
  type OrderDetail,
  type OrderTab,
  type ShipInput,
} from '@parts-shop/shared/order';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/auth.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import type { GatewayIntent, PaymentGateway } from '../payments/payment-gateway.ts';
import { intentFromRow, paymentsForOrder, succeededPaymentsFor } from '../payments/payments.repo.ts';
import { queueOrderEmail, type CancelReason } from './order-emails.ts';
import {
  countOrdersByTab,
  deleteOrder,
  findOrder,
  findPartStock,
  findUserName,
  insertOrder,
  listOrders,
  lockOrder,
  lockPart,
  markOrderPaid,
  markOrderShipped,
  reserveStock,
  returnStock,
  type OrderRow,
} from './orders.repo.ts';

export const orderNotFound = () => notFound('Order not found');

export function toOrder(row: OrderRow): Order & { id: string } {
  return {
    id: row.id,
    _id: row.id,
    number: formatOrderNumber(row.number),
    partId: row.partId,
    userName: row.userName,
    email: row.email,
    productName: row.productName,
    phoneNumber: row.phoneNumber,
    totalPrice: centsToPriceString(row.totalCents),
    totalOrder: row.totalOrder,
    address: row.address,
    paid: row.paid,
    shipped: row.shipped,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    placedAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
  };
}

/** Customers see their own orders; admins see everyone's. Others get a 404 (docs/product.md#who-may-do-what). */
export function canSee(caller: Caller, order: OrderRow): boolean {
  return caller.role === 'admin' || order.email === caller.email;
}

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
async function reconcileLive(db: Db, gateway: PaymentGateway, row: OrderRow): Promise<OrderRow> {
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

export async function placeOrder(db: Db, caller: Caller, input: NewOrder) {
  const quantity = input.totalOrder;
  // A client-sent total is checked, never used (docs/product.md#prices).
  const sentCents = input.totalPrice === undefined ? undefined : priceToCents(input.totalPrice);
  if (sentCents === null) throw badRequest('Total Price must be an amount like 259.98');

  const row = await db.transaction(async (tx) => {
    const reserved = await reserveStock(tx, input.partId, quantity);
    if (!reserved) {
      const part = await findPartStock(tx, input.partId);
      if (!part) throw notFound('Part not found');
      if (quantity < part.minOrder) throw badRequest(messages.quantityOutOfRange);
      throw conflict(messages.notEnoughStock);
    }
    const totalCents = quantity * reserved.priceCents;
    if (totalCents > ORDER_TOTAL_MAX_CENTS) {
      throw badRequest(`An order can be at most $${centsToPriceString(ORDER_TOTAL_MAX_CENTS)}; order fewer units`);
    }
    if (sentCents !== undefined && sentCents !== totalCents) {
      throw conflict(
        `The price has changed: the total is now $${centsToPriceString(totalCents)}. Check it and order again.`,
      );
    }
    const userName = (await findUserName(tx, caller.email)) || caller.email.split('@')[0] || caller.email;
    const order = await insertOrder(tx, {
      id: newId(),
      partId: input.partId,
      email: caller.email,
      userName,
      productName: reserved.name,
      unitPriceCents: reserved.priceCents,
      totalOrder: quantity,
      totalCents,
      phoneNumber: input.phoneNumber,
      address: input.address,
    });
    await queueOrderEmail(tx, 'order-placed', order);
    return order;
  });
  return toOrder(row);
}

/** One customer's orders, newest first; a customer may only name themself, an admin anyone. */
export async function pageOfOrders(db: Db, caller: Caller, query: { email?: string; limit: number; before?: string }) {
  const email = query.email ?? caller.email;
  if (caller.role !== 'admin' && email !== caller.email) throw forbidden('You can only see your own orders');
  const rows = await listOrders(db, query.limit + 1, { email, before: query.before });
  return (await reconcileFromLedger(db, rows)).map(toOrder);
}

/** Admin: every order, or one Manage Orders tab, optionally searched; newest first. */
export async function pageOfAllOrders(db: Db, query: { tab: OrderTab; q?: string; limit: number; before?: string }) {
  const rows = await listOrders(db, query.limit + 1, { tab: query.tab, q: query.q, before: query.before });
  return (await reconcileFromLedger(db, rows)).map(toOrder);
}

export function orderCounts(db: Db, q: string | undefined): Promise<OrderCounts> {
  return countOrdersByTab(db, q);
}

/** The order detail page and receipt: its owner's or, for an admin, anyone's; others 404. */
export async function getOrderDetail(
  db: Db,
  gateway: PaymentGateway,
  caller: Caller,
  id: string,
): Promise<OrderDetail> {
  const row = await findOrder(db, id);
  if (!row || !canSee(caller, row)) throw orderNotFound();
  const order = await reconcileLive(db, gateway, row);
  const payment = order.transactionId
    ? (await paymentsForOrder(db, order.id)).find((p) => p.id === order.transactionId)
    : undefined;
  const timeline: OrderDetail['timeline'] = [{ event: 'placed', at: order.createdAt.toISOString() }];
  if (order.paidAt) timeline.push({ event: 'paid', at: order.paidAt.toISOString() });
  if (order.shippedAt) timeline.push({ event: 'shipped', at: order.shippedAt.toISOString() });
  return {
    order: toOrder(order),
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

export async function getOrder(db: Db, gateway: PaymentGateway, caller: Caller, id: string) {
  const row = await findOrder(db, id);
  if (!row || !canSee(caller, row)) throw orderNotFound();
  return toOrder(await reconcileLive(db, gateway, row));
}

/**
 * Cancels an unpaid order and gives its units back, in one transaction that holds the order
 * row. Every intent still open at the gateway is cancelled first, so no money can be taken
 * for a deleted order; one that already took the money turns the order paid instead (409).
 */
export async function cancelOrder(db: Db, gateway: PaymentGateway, caller: Caller, id: string): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    // Locks in one order everywhere (part, order, payments) so no two requests deadlock.
    const peek = await findOrder(tx, id);
    if (peek?.partId) await lockPart(tx, peek.partId);
    const order = await lockOrder(tx, id);
    if (!order || !canSee(caller, order)) throw orderNotFound();
    if (order.paid) throw conflict('Only unpaid orders can be cancelled');
    for (const payment of await paymentsForOrder(tx, order.id)) {
      if (payment.status === 'canceled') continue;
      const intent =
        payment.status === 'succeeded' ? intentFromRow(payment) : await gateway.cancelIntent(tx, payment.id);
      if (!intent || intent.status === 'canceled') continue;
      if (intent.status !== 'succeeded') return 'payment-in-progress' as const;
      if (!intentPays(order, intent)) return 'payment-mismatch' as const;
      await payOrderWith(tx, order, intent);
      return 'paid' as const;
    }
    await deleteOrder(tx, order.id);
    if (order.partId) await returnStock(tx, order.partId, order.totalOrder);
    const reason: CancelReason = order.email === caller.email ? 'customer' : 'admin';
    await queueOrderEmail(tx, 'order-cancelled', order, reason);
    return 'cancelled' as const;
  });
  if (outcome === 'paid') throw conflict('This order has already been paid, so it cannot be cancelled');
  if (outcome === 'payment-in-progress')
    throw conflict('A payment for this order is in progress, so it cannot be cancelled now');
  if (outcome === 'payment-mismatch')
    throw conflict('A payment was taken for this order; contact the shop to cancel it');
}

/** Marks the order shipped and queues the customer's shipped email, in one transaction. */
function shipWithEmail(db: Db, id: string, tracking: ShipInput): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const shipped = await markOrderShipped(tx, id, tracking);
    if (shipped) await queueOrderEmail(tx, 'order-shipped', shipped);
    return shipped;
  });
}

/**
 * Admin: Pending -> Shipped, with an optional carrier and tracking number. Unpaid or already
 * shipped orders are a 409.
 */
export async function shipOrder(db: Db, id: string, tracking: ShipInput = {}) {
  const shipped = await shipWithEmail(db, id, tracking);
  if (shipped) return toOrder(shipped);
  const row = await findOrder(db, id);
  if (!row) throw orderNotFound();
  if (!row.paid) {
    const [reconciled] = await reconcileFromLedger(db, [row]);
    const now = reconciled?.paid ? await shipWithEmail(db, id, tracking) : undefined;
    if (now) return toOrder(now);
  }
  throw conflict(row.shipped ? 'This order has already shipped' : 'Only paid orders can be shipped');
}
