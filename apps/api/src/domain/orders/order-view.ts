import { centsToPriceString } from '@parts-shop/shared/money';
import { formatOrderNumber, lifecycleOf, type Order } from '@parts-shop/shared/order';
import type { Caller } from '../../lib/auth.ts';
import { notFound } from '../../lib/http-error.ts';
import { parseIdOr } from '../../lib/ids.ts';
import type { OrderRow } from './orders.repo.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export const orderNotFound = () => notFound(apiMessages.orderNotFound);

/** An order as the API answers it. */
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
    status: lifecycleOf({ ...row, cancelled: row.cancelledAt !== null }),
    refunded: centsToPriceString(row.refundedCents),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
  };
}

/** Customers see their own orders; admins see everyone's. Others get a 404 (docs/product.md#who-may-do-what). */
export function canSee(caller: Caller, order: OrderRow): boolean {
  return caller.role === 'admin' || order.email === caller.email;
}

/** A malformed id names no order: 404, before it reaches the database. */
export const parseOrderId = (id: string): string => parseIdOr(id, orderNotFound);
