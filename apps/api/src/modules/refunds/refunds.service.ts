import { centsToPriceString } from '@parts-shop/shared/money';
import { formatOrderNumber, priceToCents } from '@parts-shop/shared/order';
import {
  RETURN_REASON_LABELS,
  RETURN_WINDOW_DAYS,
  type NewRefund,
  type NewReturn,
  type OrderReturn,
  type Refund,
  type ReturnDecision,
  type ReturnStatus,
} from '@parts-shop/shared/refunds';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '../../db/client.ts';
import { queueOrderEmail } from '../../domain/orders/order-emails.ts';
import { canSee, orderNotFound } from '../../domain/orders/order-view.ts';
import { findOrderRecord, lockOrderRecord, type OrderRow } from '../../domain/orders/orders.repo.ts';
import type { PaymentGateway } from '../../domain/payment-gateway/payment-gateway.ts';
import { giveBack } from '../../domain/payments/give-back.ts';
import { refundsOfOrder, type OrderRefundRow } from '../../domain/payments/order-refunds.repo.ts';
import type { Caller } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import {
  decideReturn,
  findReturn,
  insertReturn,
  listReturns,
  lockReturn,
  returnsOfOrder,
  unitsAskedBack,
  type ReturnRow,
} from './returns.repo.ts';

const DAY_MS = 86_400_000;
const returnNotFound = () => notFound(apiMessages.returnNotFound);

function toRefund(row: OrderRefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: centsToPriceString(row.amountCents),
    cause: row.cause,
    reason: row.reason,
    restocked: row.restockedUnits,
    status: row.status,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function toReturn(row: ReturnRow): OrderReturn {
  return {
    id: row.id,
    orderId: row.orderId,
    lines: row.lines,
    reason: row.reason,
    status: row.status,
    restocked: row.restocked,
    refunded: centsToPriceString(row.refundedCents),
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Dollars from a schema that has already checked them, as cents. */
function cents(dollars: number): number {
  const value = priceToCents(dollars);
  if (value === null) throw badRequest(apiMessages.totalPriceFormat);
  return value;
}

/**
 * The part a refund's line names. An order holds one part today, so it is the order's only
 * line, and the line's id is the order's id until orders carry lines of their own.
 */
function partOfLine(order: OrderRow, lineId: string | undefined): string | null {
  if (lineId !== undefined && lineId !== order.id) throw badRequest(apiMessages.lineNotFound);
  return order.partId;
}

/** POST /orders/{id}/refunds (admin): part of the payment back, and optionally units to the shelf. */
export async function refundOrder(db: Db, gateway: PaymentGateway, caller: Caller, id: string, input: NewRefund) {
  const order = await findOrderRecord(db, id);
  if (!order) throw orderNotFound();
  const partId = partOfLine(order, input.lineId);
  const quantity = input.restock === true ? 'rest' : input.restock || 0;
  if (quantity !== 0 && partId === null) throw conflict(apiMessages.restockTooMany);
  const row = await giveBack(db, gateway, {
    orderId: id,
    amountCents: cents(input.amount),
    cause: 'refund',
    reason: input.reason,
    by: caller.email,
    restock: partId === null ? undefined : { partId, quantity },
  });
  if (!row) throw new Error('a refund of a positive amount booked no row');
  return toRefund(row);
}

/** GET /orders/{id}/refunds: its refunds and return requests (its customer or an admin). */
export async function moneyBack(db: Db, caller: Caller, id: string) {
  const order = await findOrderRecord(db, id);
  if (!order || !canSee(caller, order)) throw orderNotFound();
  const [refunds, returns] = await Promise.all([refundsOfOrder(db, id), returnsOfOrder(db, id)]);
  return { refunds: refunds.map(toRefund), returns: returns.map(toReturn) };
}

/** Why these lines cannot be asked back from this order, or null when they can. */
function returnRefusal(order: OrderRow, input: NewReturn, asked: Map<string, number>, now: number): string | null {
  if (order.cancelledAt || !order.shipped || !order.shippedAt) return apiMessages.returnNotShipped;
  if (now - order.shippedAt.getTime() > RETURN_WINDOW_DAYS * DAY_MS) return apiMessages.returnTooLate;
  const wanted = new Map<string, number>();
  for (const line of input.lines) wanted.set(line.partId, (wanted.get(line.partId) ?? 0) + line.quantity);
  for (const [partId, quantity] of wanted) {
    if (partId !== order.partId || quantity + (asked.get(partId) ?? 0) > order.totalOrder) {
      return apiMessages.returnTooMany;
    }
  }
  return null;
}

/** POST /orders/{id}/returns: only the order's customer, a shipped order, within the window. */
export async function requestReturn(db: Db, caller: Caller, id: string, input: NewReturn) {
  const row = await db.transaction(async (tx) => {
    const order = await lockOrderRecord(tx, id);
    if (!order || !canSee(caller, order)) throw orderNotFound();
    if (order.email !== caller.email) throw forbidden(apiMessages.returnOwnOrderOnly);
    const refused = returnRefusal(order, input, await unitsAskedBack(tx, id), Date.now());
    if (refused) throw conflict(refused);
    return insertReturn(tx, { orderId: id, lines: input.lines, reason: input.reason });
  });
  return toReturn(row);
}

/** Which decisions may follow which: a rejected or received return is final. */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected', 'received'],
  approved: ['rejected', 'received'],
  rejected: [],
  received: [],
};

function checkMove(current: ReturnRow | undefined, to: ReturnStatus): ReturnRow {
  if (!current) throw returnNotFound();
  if (!NEXT[current.status].includes(to)) throw conflict(apiMessages.returnDecided);
  return current;
}

/**
 * PATCH /returns/{id} (admin). Approving or rejecting records the decision; receiving puts
 * the returned units back when asked (restock) and refunds the amount asked (refund), through
 * the same path as every refund, with the decision in the same transaction.
 */
export async function decide(db: Db, gateway: PaymentGateway, caller: Caller, id: string, input: ReturnDecision) {
  const found = await findReturn(db, id);
  if (!found) throw returnNotFound();
  if (input.status !== 'received') {
    if (input.restock || input.refund !== undefined) throw badRequest(apiMessages.returnActsOnReceipt);
    const decided = await db.transaction(async (tx) => {
      checkMove(await lockReturn(tx, id), input.status);
      return decideReturn(tx, id, {
        status: input.status,
        restocked: false,
        refundedCents: 0,
        decidedBy: caller.email,
      });
    });
    return toReturn(decided);
  }
  const refundCents = input.refund === undefined ? 0 : cents(input.refund);
  const units = found.lines.reduce((sum, line) => sum + line.quantity, 0);
  const partId = found.lines[0]?.partId;
  await giveBack(db, gateway, {
    orderId: found.orderId,
    amountCents: refundCents,
    cause: 'return',
    reason: `Return: ${RETURN_REASON_LABELS[found.reason]}`,
    by: caller.email,
    restock: input.restock && partId ? { partId, quantity: units } : undefined,
    underLock: async (tx, order) => {
      checkMove(await lockReturn(tx, id), 'received');
      const restocked = Boolean(input.restock);
      await decideReturn(tx, id, {
        status: 'received',
        restocked,
        refundedCents: refundCents,
        decidedBy: caller.email,
      });
      await queueOrderEmail(tx, 'return-received', order);
    },
  });
  const row = await findReturn(db, id);
  if (!row) throw returnNotFound();
  return toReturn(row);
}

/** GET /returns (admin): open requests (asked or approved, not yet received), or every one. */
export async function pageOfReturns(db: Db, query: { status: 'open' | 'all'; limit: number; before?: string }) {
  const statuses: readonly ReturnStatus[] =
    query.status === 'open' ? ['requested', 'approved'] : ['requested', 'approved', 'rejected', 'received'];
  const rows = await listReturns(db, statuses, query.limit + 1, query.before);
  const orders = await Promise.all(rows.map((r) => findOrderRecord(db, r.orderId)));
  return rows.map((r, i) => ({ ...toReturn(r), orderNumber: formatOrderNumber(orders[i]?.number ?? 0) }));
}
