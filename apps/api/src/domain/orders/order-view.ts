import { centsToPriceString } from '@parts-shop/shared/money';
import { formatOrderNumber, lifecycleOf, type Order } from '@parts-shop/shared/order';
import type { Caller } from '#api/lib/auth.ts';
import { notFound } from '#api/lib/http-error.ts';
import { parseIdOr } from '#api/lib/ids.ts';
import type { Db } from '#api/db/client.ts';
import { appliedOf } from '../discounts/order-discounts.repo.ts';
import { withLines, type OrderRow, type OrderWithLines } from './orders.repo.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export const orderNotFound = () => notFound(apiMessages.orderNotFound);

/** An order as the API answers it: the contract's fields, which sum its lines up, and the lines. */
export function toOrder(row: OrderWithLines): Order & { id: string } {
  const [only, ...more] = row.lines;
  return {
    id: row.id,
    _id: row.id,
    number: formatOrderNumber(row.number),
    partId: more.length === 0 ? (only?.partId ?? null) : null,
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
    lines: row.lines.map((line) => ({
      id: line.id,
      partId: line.partId,
      productName: line.productName,
      quantity: line.quantity,
      unitPrice: centsToPriceString(line.unitPriceCents),
      restocked: line.restockedUnits,
      tax: centsToPriceString(line.taxCents),
      discount: centsToPriceString(line.discountCents),
    })),
    discounts: appliedOf(row.discounts ?? []),
    status: lifecycleOf({ ...row, cancelled: row.cancelledAt !== null }),
    refunded: centsToPriceString(row.refundedCents),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    origin: row.origin,
    fromBuild: row.fromBuild,
    shippingAddress: shippingAddressOf(row),
    shipping:
      row.shippingOptionId === null
        ? null
        : {
            optionId: row.shippingOptionId,
            title: row.shippingTitle ?? '',
            carrier: row.shippingCarrier ?? '',
            price: centsToPriceString(row.shippingCents),
          },
    subtotal: centsToPriceString(subtotalCents(row)),
    shippingPrice: centsToPriceString(row.shippingCents),
    tax: centsToPriceString(row.taxCents),
    total: centsToPriceString(row.totalCents),
    pricesIncludeTax: row.pricesIncludeTax,
  };
}

/** The goods as labelled; an order from before shipping and tax was its goods alone. */
export function subtotalCents(row: OrderRow): number {
  return row.subtotalCents ?? row.totalCents - row.shippingCents - (row.pricesIncludeTax ? 0 : row.taxCents);
}

/** The stored address; an order with no fields shows its old text as the first line. */
export function shippingAddressOf(row: OrderRow): Order['shippingAddress'] {
  return {
    name: row.shipName || row.userName,
    line1: row.shipLine1 || row.address,
    ...(row.shipLine2 ? { line2: row.shipLine2 } : {}),
    city: row.shipCity,
    ...(row.shipRegion ? { region: row.shipRegion } : {}),
    postalCode: row.shipPostalCode,
    country: row.shipCountry,
    phone: row.phoneNumber,
  };
}

export async function answerOrders(db: Db, rows: readonly OrderRow[]): Promise<(Order & { id: string })[]> {
  return (await withLines(db, rows)).map(toOrder);
}

export async function answerOrder(db: Db, row: OrderRow): Promise<Order & { id: string }> {
  const [withItsLines] = await withLines(db, [row]);
  return toOrder(withItsLines ?? { ...row, lines: [], discounts: [] });
}

/** What a customer reads where a member of staff acted on their order. */
export const SHOP_ACTOR = 'the shop';

/** Who acted, as `viewer` may read it: a customer sees themself or "the shop", never a staff address. */
export function actorSeenBy(viewer: Pick<Caller, 'email' | 'role'>, actor: string): string {
  return viewer.role === 'admin' || actor === viewer.email ? actor : SHOP_ACTOR;
}

export function orderSeenBy<T extends { cancelledBy: string | null }>(
  viewer: Pick<Caller, 'email' | 'role'>,
  order: T,
): T {
  return order.cancelledBy === null ? order : { ...order, cancelledBy: actorSeenBy(viewer, order.cancelledBy) };
}

/** Customers see their own orders; admins see everyone's. Others get a 404 (docs/product.md#who-may-do-what). */
export function canSee(caller: Caller, order: OrderRow): boolean {
  return caller.role === 'admin' || order.email === caller.email;
}

/** A malformed id names no order: 404, before it reaches the database. */
export const parseOrderId = (id: string): string => parseIdOr(id, orderNotFound);
