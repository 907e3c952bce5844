import { messages } from '@parts-shop/shared/messages';
import { centsToPriceString } from '@parts-shop/shared/money';
import {
  ORDER_TOTAL_MAX_CENTS,
  priceToCents,
  type NewOrder,
  type OrderCounts,
  type OrderDetail,
  type OrderTab,
  type ShipInput,
} from '@parts-shop/shared/order';
import type { Db } from '../../db/client.ts';
import { queueOrderEmail, type CancelReason } from '../../domain/orders/order-emails.ts';
import { canSee, orderNotFound, toOrder } from '../../domain/orders/order-view.ts';
import {
  countOrdersByTab,
  deleteOrder,
  findOrder,
  findUserName,
  insertOrder,
  listOrders,
  lockOrder,
  markOrderShipped,
  type OrderRow,
} from '../../domain/orders/orders.repo.ts';
import { paymentsForOrder } from '../../domain/payment-gateway/ledger.repo.ts';
import type { PaymentGateway } from '../../domain/payment-gateway/payment-gateway.ts';
import { reconcileFromLedger, reconcileLive, releaseIntents } from '../../domain/payments/settlement.ts';
import { findPartStock, lockPart, reserveStock, returnStock } from '../../domain/stock/stock.repo.ts';
import type { Caller } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';

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
    const released = await releaseIntents(tx, gateway, order);
    if (released !== 'released') return released;
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
 * Admin: Pending -> Shipped (docs/product.md#order-status), with an optional carrier and
 * tracking number. Unpaid or already shipped orders are a 409.
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
