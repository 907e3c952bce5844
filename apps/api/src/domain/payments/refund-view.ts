import { centsToPriceString } from '@parts-shop/shared/money';
import type { OrderReturn, Refund } from '@parts-shop/shared/refunds';
import type { orderReturns } from '#api/db/schema.ts';
import type { OrderRefundRow } from './order-refunds.repo.ts';

/** A refund as the API answers it: on the order's page and on its customer's page. */
export function toRefund(row: OrderRefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: centsToPriceString(row.amountCents),
    cause: row.cause,
    reason: row.reason,
    lineId: row.lineId,
    shipping: row.shipping,
    tax: centsToPriceString(row.taxCents),
    restocked: row.restockedUnits,
    status: row.status,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A return request as the API answers it. */
export function toReturn(row: typeof orderReturns.$inferSelect): OrderReturn {
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
