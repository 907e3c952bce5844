import { centsToPriceString } from '@parts-shop/shared/money';
import { formatOrderNumber } from '@parts-shop/shared/order';
import type { Db } from '#api/db/client.ts';
import type { OrderEmailPayload } from '../emails/order-email-templates.ts';
import { queueEmail } from '../emails/outbox.repo.ts';
import { queueOrderWebhook, WEBHOOK_EVENT_OF_EMAIL } from './order-webhooks.ts';
import { linesOf, type OrderRow } from './orders.repo.ts';

/** Who ended an unpaid order: its customer, an admin, or the hold running out. */
export type CancelReason = NonNullable<OrderEmailPayload['cancelReason']>;

/**
 * An assistant's order is placed and paid in one step: its buyer hears of it once, when it is paid, and never reads
 * the assistant's words outside the address block (the greeting names no one).
 */
export const placedByAssistant = (order: Pick<OrderRow, 'origin'>) => order.origin !== null;

/** One email per order change, in its transaction; an order to be deleted is queued before its lines go. */
export async function queueOrderEmail(
  db: Db,
  kind: OrderEmailPayload['kind'],
  order: OrderRow,
  cancelReason?: CancelReason,
  refundCents?: number,
): Promise<void> {
  const lines = (await linesOf(db, [order.id])).get(order.id) ?? [];
  // A shipment takes each line's units not put back on the shelf by a refund before it.
  const shipped = kind === 'order-shipped';
  const sent = shipped
    ? lines.map((line) => ({ ...line, quantity: line.quantity - line.restockedUnits })).filter((l) => l.quantity > 0)
    : lines;
  await queueEmail(db, order.email, {
    kind,
    orderId: order.id,
    number: formatOrderNumber(order.number),
    userName: placedByAssistant(order) ? '' : order.userName,
    productName: order.productName,
    quantity: shipped ? sent.reduce((units, line) => units + line.quantity, 0) : order.totalOrder,
    lines: sent.map((line) => ({
      productName: line.productName,
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
    })),
    totalPrice: centsToPriceString(order.totalCents),
    address: order.address,
    phoneNumber: order.phoneNumber,
    placedAt: order.createdAt.toISOString(),
    transactionId: order.transactionId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    ...(cancelReason ? { cancelReason } : {}),
    ...(refundCents === undefined ? {} : { refundAmount: centsToPriceString(refundCents) }),
  });
  const event = WEBHOOK_EVENT_OF_EMAIL[kind];
  if (event) await queueOrderWebhook(db, order.id, event);
}
