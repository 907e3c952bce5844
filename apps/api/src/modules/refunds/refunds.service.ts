import { formatOrderNumber, priceToCents } from '@parts-shop/shared/order';
import {
  RETURN_REASON_LABELS,
  RETURN_WINDOW_DAYS,
  type NewRefund,
  type NewReturn,
  type ReturnListItem,
  type ReturnDecision,
  type ReturnStatus,
} from '@parts-shop/shared/refunds';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '#api/db/client.ts';
import { refundsByLine, unitsReturnable, type LineRefunds } from '#api/domain/orders/line-refunds.ts';
import { queueReturnEmail } from '#api/domain/orders/order-emails.ts';
import { actorSeenBy, canSee, orderNotFound } from '#api/domain/orders/order-view.ts';
import {
  findOrderRecord,
  linesOf,
  lockOrderRecord,
  type OrderLineRow,
  type OrderRow,
} from '#api/domain/orders/orders.repo.ts';
import type { PaymentGateway } from '#api/domain/payment-gateway/payment-gateway.ts';
import { issueRefund } from '#api/domain/payments/issue-refund.ts';
import { toRefund, toReturn } from '#api/domain/payments/refund-view.ts';
import { refundsOfOrder } from '#api/domain/payments/order-refunds.repo.ts';
import { changedFields, recordChange } from '#api/domain/audit/record-change.ts';
import type { Caller } from '#api/lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '#api/lib/http-error.ts';
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

/** Dollars from a schema that has already checked them, as cents. */
function cents(dollars: number): number {
  const value = priceToCents(dollars);
  if (value === null) throw badRequest(apiMessages.totalPriceFormat);
  return value;
}

/**
 * The named line (400 if none); unnamed, the only line when units go back, else none: a refund of the order, which
 * may reach its shipping too (a one-line order's whole total is more than its line).
 */
function lineOfRefund(lines: readonly OrderLineRow[], input: NewRefund, restocks: boolean): OrderLineRow | undefined {
  if (input.lineId !== undefined) {
    const named = lines.find((line) => line.id === input.lineId);
    if (!named) throw badRequest(apiMessages.lineNotFound);
    return named;
  }
  if (lines.length === 1 && restocks) return lines[0];
  if (restocks) throw badRequest(apiMessages.restockNeedsLine);
  return undefined;
}

/** POST /orders/{id}/refunds (admin): part of the payment back, and optionally units of a line to the shelf. */
export async function refundOrder(db: Db, gateway: PaymentGateway, caller: Caller, id: string, input: NewRefund) {
  const order = await findOrderRecord(db, id);
  if (!order) throw orderNotFound();
  const quantity = input.restock === true ? 'rest' : input.restock || 0;
  if (input.shipping && quantity !== 0) throw badRequest(apiMessages.restockNeedsLine);
  const line = input.shipping
    ? undefined
    : lineOfRefund((await linesOf(db, [id])).get(id) ?? [], input, quantity !== 0);
  // A line whose part was deleted has no shelf to go back to.
  if (quantity !== 0 && !line?.partId) throw conflict(apiMessages.restockTooMany);
  const row = await issueRefund(db, gateway, {
    orderId: id,
    amountCents: cents(input.amount),
    cause: 'refund',
    reason: input.reason,
    by: caller.email,
    lineId: line?.id,
    shipping: input.shipping ?? false,
    restock: line?.partId && quantity !== 0 ? [{ partId: line.partId, quantity }] : [],
    audit: { caller, kind: 'order.refund' },
  });
  if (!row) throw new Error('a refund of a positive amount booked no row');
  return toRefund(row);
}

/** GET /orders/{id}/refunds: its refunds and return requests (its customer or an admin). */
export async function refundsAndReturns(db: Db, caller: Caller, id: string) {
  const order = await findOrderRecord(db, id);
  if (!order || !canSee(caller, order)) throw orderNotFound();
  const [refunds, returns] = await Promise.all([refundsOfOrder(db, id), returnsOfOrder(db, id)]);
  return {
    refunds: refunds.map((row) => ({ ...toRefund(row), createdBy: actorSeenBy(caller, row.createdBy) })),
    returns: returns.map((row) => ({
      ...toReturn(row),
      decidedBy: row.decidedBy === null ? null : actorSeenBy(caller, row.decidedBy),
    })),
  };
}

/** Units of each part in these lines, each part once. */
function unitsByPart(lines: readonly { partId: string; quantity: number }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.partId, (units.get(line.partId) ?? 0) + line.quantity);
  return units;
}

/** Null, or why: at most each line's units still with the buyer, less those already asked back. */
function returnRefusal(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  input: NewReturn,
  taken: { asked: Map<string, number>; refunds: Map<string, LineRefunds> },
  now: number,
): string | null {
  if (order.cancelledAt || !order.shipped || !order.shippedAt) return apiMessages.returnNotShipped;
  if (order.refundedCents >= order.totalCents) return apiMessages.returnRefunded;
  if (now - order.shippedAt.getTime() > RETURN_WINDOW_DAYS * DAY_MS) return apiMessages.returnTooLate;
  for (const [partId, quantity] of unitsByPart(input.lines)) {
    const line = lines.find((l) => l.partId === partId);
    if (!line) return apiMessages.returnTooMany;
    const left = unitsReturnable(order, line, taken.refunds.get(line.id)) - (taken.asked.get(partId) ?? 0);
    if (quantity > left) return apiMessages.returnTooMany;
  }
  return null;
}

/** POST /orders/{id}/returns: only the order's customer, a shipped order not refunded in full, within the window. */
export async function requestReturn(db: Db, caller: Caller, id: string, input: NewReturn) {
  const row = await db.transaction(async (tx) => {
    const order = await lockOrderRecord(tx, id);
    if (!order || !canSee(caller, order)) throw orderNotFound();
    if (order.email !== caller.email) throw forbidden(apiMessages.returnOwnOrderOnly);
    const lines = (await linesOf(tx, [id])).get(id) ?? [];
    const taken = {
      asked: await unitsAskedBack(tx, id),
      refunds: await refundsByLine(
        tx,
        lines.map((line) => line.id),
      ),
    };
    const refused = returnRefusal(order, lines, input, taken, Date.now());
    if (refused) throw conflict(refused);
    const inserted = await insertReturn(tx, { orderId: id, lines: input.lines, reason: input.reason });
    await queueReturnEmail(tx, 'return-requested', order, returnOf(inserted));
    return inserted;
  });
  return toReturn(row);
}

/** What a return's emails say: the units sent back and why, in words. */
const returnOf = (row: ReturnRow) => ({ lines: row.lines, reason: RETURN_REASON_LABELS[row.reason] });

/** Which decisions may follow which: a rejected or received return is final. */
const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected', 'received'],
  approved: ['rejected', 'received'],
  rejected: [],
  received: [],
};

/** Records a decision on a return, with the fields it moved, in the deciding transaction. */
async function recordDecision(tx: Db, caller: Caller, before: ReturnRow, after: ReturnRow): Promise<void> {
  const audited = (row: ReturnRow) => ({
    status: row.status,
    restocked: row.restocked,
    refundedCents: row.refundedCents,
  });
  const changed = changedFields(audited(before), audited(after));
  if (changed)
    await recordChange(tx, caller, { kind: 'return.decide', entity: 'return', entityId: after.id, ...changed });
}

function checkMove(current: ReturnRow | undefined, to: ReturnStatus): ReturnRow {
  if (!current) throw returnNotFound();
  if (!NEXT[current.status].includes(to)) throw conflict(apiMessages.returnDecided);
  return current;
}

/** Receiving restocks and refunds through issueRefund, with the decision in the same transaction. */
export async function decide(db: Db, gateway: PaymentGateway, caller: Caller, id: string, input: ReturnDecision) {
  const found = await findReturn(db, id);
  if (!found) throw returnNotFound();
  if (input.status !== 'received') {
    if (input.restock || input.refund !== undefined) throw badRequest(apiMessages.returnActsOnReceipt);
    const decided = await db.transaction(async (tx) => {
      const before = checkMove(await lockReturn(tx, id), input.status);
      const after = await decideReturn(tx, id, {
        status: input.status,
        restocked: false,
        refundedCents: 0,
        decidedBy: caller.email,
      });
      await recordDecision(tx, caller, before, after);
      if (after.status === 'approved') {
        const order = await findOrderRecord(tx, after.orderId);
        if (order) await queueReturnEmail(tx, 'return-approved', order, returnOf(after));
      }
      return after;
    });
    return toReturn(decided);
  }
  const refundCents = input.refund === undefined ? 0 : cents(input.refund);
  const returned = [...unitsByPart(found.lines)];
  // A return of one part refunds that line, which counts towards its being refunded in full.
  const [onePart] = returned.length === 1 ? returned : [];
  const lineId =
    onePart && (await linesOf(db, [found.orderId])).get(found.orderId)?.find((l) => l.partId === onePart[0])?.id;
  await issueRefund(db, gateway, {
    orderId: found.orderId,
    amountCents: refundCents,
    cause: 'return',
    reason: `Return: ${RETURN_REASON_LABELS[found.reason]}`,
    by: caller.email,
    lineId,
    restock: input.restock ? returned.map(([partId, quantity]) => ({ partId, quantity })) : [],
    underLock: async (tx, order) => {
      const before = checkMove(await lockReturn(tx, id), 'received');
      const restocked = Boolean(input.restock);
      const after = await decideReturn(tx, id, {
        status: 'received',
        restocked,
        refundedCents: refundCents,
        decidedBy: caller.email,
      });
      await recordDecision(tx, caller, before, after);
      await queueReturnEmail(tx, 'return-received', order, returnOf(after), refundCents);
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
  const lines = await linesOf(db, [...new Set(rows.map((r) => r.orderId))]);
  return rows.map((r, i): ReturnListItem => {
    const order = orders[i];
    const named = (partId: string) =>
      lines.get(r.orderId)?.find((line) => line.partId === partId)?.productName ?? order?.productName ?? '';
    return {
      ...toReturn(r),
      orderNumber: formatOrderNumber(order?.number ?? 0),
      email: order?.email ?? '',
      userName: order?.userName ?? '',
      lines: r.lines.map((line) => ({ ...line, productName: named(line.partId) })),
    };
  });
}
