import type { Db } from '#api/db/client.ts';
import { conflict } from '#api/lib/http-error.ts';
import { refundsIssued } from '#api/lib/shop-counters.ts';
import { apiMessages, refundTooMuchMessage } from '@parts-shop/shared/api-messages';
import type { Actor } from '../audit/record-change.ts';
import { recordOrderChange } from '../orders/order-audit.ts';
import { queueOrderEmail } from '../orders/order-emails.ts';
import { linesOf, lockOrderRecord, markCancelled, type OrderRow } from '../orders/orders.repo.ts';
import { orderNotFound } from '../orders/order-view.ts';
import { restockOrderPart, unitsLeftToRestock } from '../orders/restock-order.ts';
import type { PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { lockPart } from '../stock/stock.repo.ts';
import {
  bookRefund,
  markOrderRefundDone,
  refundsOfOrder,
  staleOrderRefunds,
  type OrderRefundRow,
} from './order-refunds.repo.ts';
import { refundShare } from './refund-shares.ts';

/**
 * The one path for an admin's refund. Under the locks it books the row, the refunded total, restock and emails in one
 * transaction; only then is the gateway asked, keyed by the row's id. So racing refunds never exceed what was paid,
 * and a crash leaves a pending row the sweep retries.
 */
export type RefundInput = {
  orderId: string;
  /** 'rest' is all that is left unrefunded, worked out under the lock. */
  amountCents: number | 'rest';
  cause: OrderRefundRow['cause'];
  reason: string;
  by: string;
  /** The order's line the refund is for, when the admin named one (kept on the refund row). */
  lineId?: string;
  /** A refund of the order's shipping (with its tax). */
  shipping?: boolean;
  /** Units of parts on the order to put back on the shelf, each part once; 'rest' is every unit of its line not yet back. */
  restock?: readonly { partId: string; quantity: number | 'rest' }[];
  cancel?: boolean;
  /** More checks and writes under the same locks (a return's decision); throw to refuse. */
  underLock?: (tx: Db, order: OrderRow) => Promise<void>;
  /** The audit record the change makes, in the same transaction (a return's decision makes its own). */
  audit?: { caller: Actor; kind: 'order.cancel' | 'order.refund' };
};

function refusal(order: OrderRow, input: RefundInput, amountCents: number): string | null {
  if (input.cancel) {
    if (order.cancelledAt) return apiMessages.orderAlreadyCancelled;
    if (order.shipped) return apiMessages.cancelShipped;
    if (!order.paid) return apiMessages.cancelUnpaidOnly;
  }
  if (amountCents > 0 && (!order.paid || !order.transactionId)) return apiMessages.refundUnpaid;
  const left = order.totalCents - order.refundedCents;
  if (amountCents > left) return refundTooMuchMessage(left);
  return null;
}

async function book(db: Db, gateway: PaymentGateway, input: RefundInput): Promise<OrderRefundRow | null> {
  return db.transaction(async (tx) => {
    // Parts in id order, then the order: the order every other path takes its locks in.
    const restock = input.restock ?? [];
    for (const partId of restock.map((r) => r.partId).sort()) await lockPart(tx, partId);
    const order = await lockOrderRecord(tx, input.orderId);
    if (!order) throw orderNotFound();
    const amountCents = input.amountCents === 'rest' ? order.totalCents - order.refundedCents : input.amountCents;
    const refused = refusal(order, input, amountCents);
    if (refused) throw conflict(refused);
    await input.underLock?.(tx, order);
    const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
    const target = input.shipping
      ? { shipping: true as const }
      : input.lineId
        ? { lineId: input.lineId }
        : { order: true as const };
    const shares =
      amountCents > 0
        ? refundShare(order, lines, await refundsOfOrder(tx, order.id), target, amountCents)
        : { taxCents: 0, shippingCents: 0 };
    if ('refused' in shares) throw conflict(shares.refused);
    let units = 0;
    for (const { partId, quantity } of restock) {
      const line = lines.find((l) => l.partId === partId);
      const q = quantity !== 'rest' ? quantity : line ? unitsLeftToRestock(line) : 0;
      if (!(await restockOrderPart(tx, order, partId, q))) throw conflict(apiMessages.restockTooMany);
      units += q;
    }
    const row =
      amountCents > 0 && order.transactionId
        ? await bookRefund(tx, {
            orderId: order.id,
            paymentId: order.transactionId,
            gateway: gateway.kind,
            amountCents,
            cause: input.cause,
            reason: input.reason,
            lineId: input.lineId ?? null,
            shipping: input.shipping ?? false,
            taxCents: shares.taxCents,
            shippingCents: shares.shippingCents,
            restockedUnits: units,
            createdBy: input.by,
          })
        : null;
    const cancelled = input.cancel ? await markCancelled(tx, order.id, input.by, input.reason) : undefined;
    if (cancelled) await queueOrderEmail(tx, 'order-cancelled', cancelled, 'admin');
    if (row) await queueOrderEmail(tx, 'order-refunded', order, undefined, row.amountCents);
    if (input.audit) {
      const after = cancelled ?? (await lockOrderRecord(tx, order.id)) ?? order;
      const details = input.audit.kind === 'order.refund' ? { reason: input.reason, restockedUnits: units } : {};
      await recordOrderChange(tx, input.audit.caller, input.audit.kind, order, after, details);
    }
    return row;
  });
}

/** Asks the gateway for a booked refund; the same row again is the same refund. */
async function sendRefund(db: Db, gateway: PaymentGateway, row: OrderRefundRow): Promise<OrderRefundRow> {
  const refundId = await gateway.refundAmount(db, {
    paymentId: row.paymentId,
    amountCents: row.amountCents,
    idempotencyKey: `order-refund-${row.id}`,
  });
  await markOrderRefundDone(db, row.id, refundId);
  refundsIssued.inc({ status: 'succeeded' });
  return { ...row, status: 'succeeded', refundId };
}

/** Books, then pays out; answers the refund row (null when nothing but stock moved). */
export async function issueRefund(db: Db, gateway: PaymentGateway, input: RefundInput): Promise<OrderRefundRow | null> {
  const row = await book(db, gateway, input);
  return row ? sendRefund(db, gateway, row) : null;
}

/** Retries order refunds a crash or an outage left pending. */
export async function retryPendingOrderRefunds(db: Db, gateway: PaymentGateway): Promise<void> {
  for (const row of await staleOrderRefunds(db, 60, 20)) {
    if (row.gateway === gateway.kind) await sendRefund(db, gateway, row);
  }
}
