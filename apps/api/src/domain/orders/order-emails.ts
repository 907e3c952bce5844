import { centsToPriceString } from '@parts-shop/shared/money';
import { trackingUrl } from '@parts-shop/shared/carriers';
import { formatOrderNumber } from '@parts-shop/shared/order';
import type { Db } from '#api/db/client.ts';
import type { OrderEmailPayload } from '../emails/order-email-templates.ts';
import { queueEmail } from '../emails/outbox.repo.ts';
import { queueOrderWebhook, WEBHOOK_EVENT_OF_EMAIL } from './order-webhooks.ts';
import { linesOf, type OrderLineRow, type OrderRow } from './orders.repo.ts';
import { shippingAddressOf } from './order-view.ts';
import { discountsOf, type OrderDiscountRow } from '../discounts/order-discounts.repo.ts';

/** Who ended an unpaid order: its customer, an admin, or the hold running out. */
export type CancelReason = NonNullable<OrderEmailPayload['cancelReason']>;

/**
 * An assistant's order is placed and paid in one step: its buyer hears of it once, when it is paid, and never reads
 * the assistant's words outside the address block (the greeting names no one).
 */
export const placedByAssistant = (order: Pick<OrderRow, 'origin'>) => order.origin !== null;

type EmailLine = Pick<OrderLineRow, 'productName' | 'quantity' | 'unitPriceCents'>;

/** The amounts the engine priced and the order stored; an order from before shipping and tax has only its total. */
function amountsOf(order: OrderRow, discounts: readonly OrderDiscountRow[]): OrderEmailPayload['amounts'] {
  if (order.subtotalCents === null) return undefined;
  return {
    discounts: discounts.map((d) => ({ title: d.title, code: d.code, cents: d.amountCents })),
    subtotalCents: order.subtotalCents,
    shippingTitle: order.shippingOptionId === null ? null : (order.shippingTitle ?? ''),
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    pricesIncludeTax: order.pricesIncludeTax,
  };
}

/** The postal address, without the phone (its own row); an order from before fields gives its text alone. */
function shipToOf(order: OrderRow): OrderEmailPayload['shipTo'] {
  if (!order.shipLine1) return undefined;
  const { phone: _phone, ...address } = shippingAddressOf(order);
  return address;
}

type OrderEmailExtras = Pick<OrderEmailPayload, 'cancelReason' | 'returnReason' | 'trackingUrl'> & {
  refundCents?: number;
};

async function queueWithLines(
  db: Db,
  kind: OrderEmailPayload['kind'],
  order: OrderRow,
  lines: readonly EmailLine[],
  { refundCents, cancelReason, returnReason, trackingUrl: tracking }: OrderEmailExtras,
): Promise<void> {
  await queueEmail(db, order.email, {
    kind,
    orderId: order.id,
    number: formatOrderNumber(order.number),
    userName: placedByAssistant(order) ? '' : order.userName,
    productName: order.productName,
    quantity: lines.reduce((units, line) => units + line.quantity, 0),
    lines: lines.map((line) => ({
      productName: line.productName,
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
    })),
    totalPrice: centsToPriceString(order.totalCents),
    amounts: amountsOf(order, (await discountsOf(db, [order.id])).get(order.id) ?? []),
    address: order.address,
    shipTo: shipToOf(order),
    phoneNumber: order.phoneNumber,
    placedAt: order.createdAt.toISOString(),
    transactionId: order.transactionId,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    ...(cancelReason ? { cancelReason } : {}),
    ...(returnReason ? { returnReason } : {}),
    ...(tracking ? { trackingUrl: tracking } : {}),
    ...(refundCents === undefined ? {} : { refundAmount: centsToPriceString(refundCents) }),
  });
  const event = WEBHOOK_EVENT_OF_EMAIL[kind];
  if (event) await queueOrderWebhook(db, order.id, event);
}

/** One email per order change, in its transaction; an order to be deleted is queued before its lines go. */
export async function queueOrderEmail(
  db: Db,
  kind: Exclude<OrderEmailPayload['kind'], ReturnEmailKind>,
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
  const tracking = shipped ? trackingUrl(order.carrier, order.trackingNumber) : null;
  await queueWithLines(db, kind, order, sent, {
    cancelReason,
    refundCents,
    trackingUrl: tracking ?? undefined,
  });
}

type ReturnEmailKind = 'return-requested' | 'return-approved' | 'return-received';

/**
 * A return's email names what goes back (each part's returned units at the price paid) and why, never the whole
 * order: 'Return received' is about the parts that came back.
 */
export async function queueReturnEmail(
  db: Db,
  kind: ReturnEmailKind,
  order: OrderRow,
  request: { lines: readonly { partId: string; quantity: number }[]; reason: string },
  refundCents?: number,
): Promise<void> {
  const orderLines = (await linesOf(db, [order.id])).get(order.id) ?? [];
  const returned = request.lines.map((line) => {
    const bought = orderLines.find((l) => l.partId === line.partId);
    return {
      productName: bought?.productName ?? 'A part no longer sold',
      quantity: line.quantity,
      unitPriceCents: bought?.unitPriceCents ?? 0,
    };
  });
  await queueWithLines(db, kind, order, returned, {
    returnReason: request.reason,
    refundCents: refundCents && refundCents > 0 ? refundCents : undefined,
  });
}
