import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { PHONE_MIN } from './constants.ts';
import { emailField, idSchema, optionalText, requiredText } from './fields.ts';
import { messages } from './ui-messages.ts';
import { dollarsToCents, hasAtMostTwoDecimals } from './money.ts';
import { STOCK_MAX } from './part.ts';
import { addressSchema, checkoutMessages, orderDestinationFields, orderShippingSchema } from './checkout.ts';
import { appliedDiscountSchema, discountCodesSchema } from './discount.ts';

/** Stripe's largest single charge ($999,999.99); an order the gateway cannot take is refused up front. */
export const ORDER_TOTAL_MAX_CENTS = 99_999_999;

/** Order numbers as people read them: PS- and at least six digits (PS-000123). */
export function formatOrderNumber(number: number): string {
  return `PS-${String(number).padStart(6, '0')}`;
}

/** The sequence number in "PS-000123", "ps-123", "#123" or "123"; null when the text is not one. */
export function parseOrderNumber(text: string): number | null {
  const match = /^(?:PS-?|#)?(\d{1,15})$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** One line of an order: a part, how many, and its name and unit price (dollars) when ordered. */
export const orderLineSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** Null once the part is deleted; the line keeps its name and price. */
    partId: z.string().nullable(),
    productName: z.string(),
    quantity: z.number().int(),
    unitPrice: z.string(),
    /** Units of the line put back on the shelf (cancels, refunds, returns). */
    restocked: z.number().int(),
    /** The line's tax (dollars), worked out once when the order was placed. */
    tax: z.string(),
    /** The line's share of the order's goods discounts (dollars): what was paid is its price less this. */
    discount: z.string(),
  }),
);
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Units of an unshipped line that the shipment takes: a refund that put units back took them off. */
export function unitsToShip(line: Pick<OrderLine, 'quantity' | 'restocked'>): number {
  return line.quantity - line.restocked;
}

/**
 * An order of one or more lines; productName, totalOrder and totalPrice sum them
 * (docs/product.md#orders-and-their-lines).
 */
export const orderSchema = lazySchema(() =>
  z.object({
    _id: z.string(),
    number: z.string(),
    partId: z.string().nullable(),
    userName: z.string(),
    email: z.string(),
    productName: z.string(),
    phoneNumber: z.string(),
    totalPrice: z.string(),
    totalOrder: z.number().int(),
    address: z.string(),
    paid: z.boolean(),
    shipped: z.boolean(),
    transactionId: z.string().nullable(),
    createdAt: z.string(),
    placedAt: z.string(),
    paidAt: z.string().nullable(),
    shippedAt: z.string().nullable(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    lines: z.array(orderLineSchema).min(1),
    /** Derived (docs/decisions/0008-derived-order-status.md), never stored. */
    status: z.enum(['unpaid', 'paid', 'shipped', 'cancelled', 'refunded', 'partly_refunded']),
    /** Dollars refunded so far. */
    refunded: z.string(),
    cancelledAt: z.string().nullable(),
    /** Who cancelled it: an email, or null when the unpaid hold ran out. */
    cancelledBy: z.string().nullable(),
    cancelReason: z.string().nullable(),
    /** The AI assistant that placed it for the customer (docs/product.md#ai-assistants); null from the web shop. */
    origin: z.string().nullable(),
    /** Placed from a build in one step (POST /orders/batch); lists fold its lines. */
    fromBuild: z.boolean(),
    /** Where it goes; orders from before addresses had fields carry their text in line1 and the home country. */
    shippingAddress: addressSchema,
    /** The shipping option chosen and its price; null for orders placed before shipping was charged. */
    shipping: orderShippingSchema.nullable(),
    /** Dollars: the goods, shipping and tax; total = subtotal + shippingPrice + tax = totalPrice. */
    subtotal: z.string(),
    shippingPrice: z.string(),
    tax: z.string(),
    total: z.string(),
    /** Whether the line prices include their tax (the shop's setting when the order was placed). */
    pricesIncludeTax: z.boolean(),
    /** The discounts it carries, in the order applied (docs/product.md#discounts). */
    discounts: z.array(appliedDiscountSchema),
  }),
);
export type Order = z.infer<typeof orderSchema>;
export type OrderLifecycle = Order['status'];

/** Whether an admin can ship the order; the API's SQL twin is `shippable` in domain/orders/orders.repo.ts. */
export function canShip(
  order: Pick<Order, 'paid' | 'shipped' | 'cancelledAt' | 'refunded' | 'totalPrice' | 'lines'>,
): boolean {
  return (
    order.paid &&
    !order.shipped &&
    order.cancelledAt === null &&
    dollarsToCents(Number(order.refunded)) < dollarsToCents(Number(order.totalPrice)) &&
    order.lines.some((line) => unitsToShip(line) > 0)
  );
}

/** Cancelled wins, then refunds, then the flags (docs/decisions/0008-derived-order-status.md). */
export function lifecycleOf(order: {
  paid: boolean;
  shipped: boolean;
  cancelled: boolean;
  refundedCents: number;
  totalCents: number;
}): OrderLifecycle {
  if (order.cancelled) return 'cancelled';
  if (order.refundedCents > 0) return order.refundedCents >= order.totalCents ? 'refunded' : 'partly_refunded';
  if (order.shipped) return 'shipped';
  return order.paid ? 'paid' : 'unpaid';
}

export type OrderStatus = 'Unpaid' | 'Pending' | 'Shipped';
export function orderStatus(order: Pick<Order, 'paid' | 'shipped'>): OrderStatus {
  if (order.shipped) return 'Shipped';
  return order.paid ? 'Pending' : 'Unpaid';
}

const phoneNumberField = lazySchema(() =>
  requiredText(messages.phoneRequired, 40).refine((v) => v.length >= PHONE_MIN, messages.phoneShort),
);
const addressTextField = lazySchema(() => requiredText(messages.addressRequired, 500));

/** An order needs a shippingAddress, or the old address text with its phone number. */
export function requireADestination(
  body: { shippingAddress?: unknown; address?: string | undefined; phoneNumber?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.shippingAddress !== undefined) return;
  if (body.address === undefined)
    ctx.addIssue({ code: 'custom', message: checkoutMessages.addressRequired, path: ['shippingAddress'] });
  if (body.phoneNumber === undefined)
    ctx.addIssue({ code: 'custom', message: messages.phoneRequired, path: ['phoneNumber'] });
}

/**
 * POST /orders. userName, email, productName and totalPrice are accepted but the server decides them. A
 * shippingAddress prices shipping and tax; a client that sends only the old address text (and phoneNumber) ships
 * to the shop's home country.
 */
export const newOrderSchema = lazySchema(() =>
  z
    .object({
      partId: idSchema,
      totalOrder: z
        .number({ error: messages.quantityOutOfRange })
        .int(messages.quantityOutOfRange)
        .positive(messages.quantityOutOfRange)
        .max(STOCK_MAX, messages.quantityOutOfRange),
      phoneNumber: phoneNumberField.optional(),
      address: addressTextField.optional(),
      shippingAddress: orderDestinationFields.shippingAddress.optional(),
      shippingOptionId: orderDestinationFields.shippingOptionId.optional(),
      /** Codes in the order entered; automatic promotions apply without one (docs/product.md#discounts). */
      discountCodes: discountCodesSchema.optional(),
      userName: z.string().max(200).optional(),
      email: z.string().max(254).optional(),
      productName: z.string().max(200).optional(),
      totalPrice: z.union([z.string().max(40), z.number()]).optional(),
    })
    .strict()
    .superRefine(requireADestination),
);
export type NewOrder = z.infer<typeof newOrderSchema>;

/** 201 from POST /orders: the contract's Mongo-style answer plus the stored order. */
export const createdOrderSchema = lazySchema(() =>
  z.object({ acknowledged: z.boolean(), insertedId: z.string(), order: orderSchema }),
);

/** GET /orders: the caller's orders (an admin may name anyone), newest first, paged like /parts. */
export const orderListQuerySchema = lazySchema(() =>
  z
    .object({
      email: emailField.optional(),
      limit: z.coerce.number().int().min(1).max(100).default(100),
      cursor: z.string().max(200).optional(),
    })
    .strict(),
);

/** POST /create-payment-intent; totalPrice, when sent, must equal the stored order's total. */
export const paymentIntentRequestSchema = lazySchema(() =>
  z.object({ orderId: idSchema, totalPrice: z.union([z.string().max(40), z.number()]).optional() }).strict(),
);
export const paymentIntentResponseSchema = lazySchema(() =>
  z.object({ clientSecret: z.string(), paymentIntentId: z.string() }),
);

/** PATCH /orders/{id}: only transactionId matters; the server asks the gateway about it. */
export const recordPaymentSchema = lazySchema(() =>
  z
    .object({
      transactionId: z.string().min(1).max(200),
      order: z.string().max(100).optional(),
      totalPrice: z.union([z.string().max(40), z.number()]).optional(),
      userName: z.string().max(200).optional(),
      email: z.string().max(254).optional(),
      productName: z.string().max(200).optional(),
    })
    .strict(),
);

/** PATCH /shipped/{id}: the contract's `{paid:false}` is accepted and changes nothing else. */
export const shipSchema = lazySchema(() =>
  z
    .object({
      paid: z.literal(false).optional(),
      carrier: optionalText(60),
      trackingNumber: optionalText(100),
    })
    .strict(),
);
export type ShipInput = z.infer<typeof shipSchema>;

/** Manage Orders' tabs: To ship (paid, not shipped) is the screen's default; the API's is all. */
export const ORDER_TABS = ['to_ship', 'unpaid', 'shipped', 'refunded', 'cancelled', 'all'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Order number, email or product: what Manage Orders' search box takes. */
const orderSearch = lazySchema(() => optionalText(100));
/** One customer's orders only, by their exact email: the users screen links to Manage Orders with it. */
const orderCustomer = lazySchema(() => emailField.optional());
/** A day of the placing date, in UTC: YYYY-MM-DD. */
const orderDay = lazySchema(() => z.iso.date(messages.orderDateFormat).optional());
/** Where the order came from: `web` (the shop's own pages) or an AI assistant's name as its orders carry it. */
const orderChannel = lazySchema(() => optionalText(100));

/** The filters Manage Orders, its counts and its CSV export share; `from` and `to` include their days. */
const orderFilterFields = lazySchema(() =>
  z.object({ q: orderSearch, customer: orderCustomer, from: orderDay, to: orderDay, channel: orderChannel }),
);
const fromNotAfterTo = (value: { from?: string; to?: string }) =>
  value.from === undefined || value.to === undefined || value.from <= value.to;
const datesInOrder = { message: messages.orderDatesReversed, path: ['to'] };

/** GET /allorders: every order (the contract's answer), or one tab, optionally filtered; paged. */
export const allOrdersQuerySchema = lazySchema(() =>
  orderFilterFields
    .extend({
      status: z.enum(ORDER_TABS).default('all'),
      limit: z.coerce.number().int().min(1).max(100).default(100),
      cursor: z.string().max(200).optional(),
    })
    .strict()
    .refine(fromNotAfterTo, datesInOrder),
);

/** GET /allorders/export.csv: the same filters and tab as the list, every matching order up to the export's cap. */
export const orderExportQuerySchema = lazySchema(() =>
  orderFilterFields
    .extend({ status: z.enum(ORDER_TABS).default('all') })
    .strict()
    .refine(fromNotAfterTo, datesInOrder),
);
export type OrderFilterQuery = z.infer<typeof orderExportQuerySchema>;

/** The most orders one CSV export holds; past it the export says so in a header (X-Export-Truncated). */
export const ORDER_EXPORT_MAX = 10_000;

/** GET /allorders/counts: how many orders each tab holds, for the same filters. */
export const orderCountsQuerySchema = lazySchema(() => orderFilterFields.strict().refine(fromNotAfterTo, datesInOrder));
export const orderCountsSchema = lazySchema(() =>
  z.object({
    to_ship: z.number().int(),
    unpaid: z.number().int(),
    shipped: z.number().int(),
    refunded: z.number().int(),
    cancelled: z.number().int(),
    all: z.number().int(),
  }),
);
export type OrderCounts = z.infer<typeof orderCountsSchema>;

/** GET /allorders/channels: the assistants' names orders carry, for the channel filter (web is always there). */
export const orderChannelsSchema = lazySchema(() => z.array(z.string()));

export const ORDER_NOTE_MAX = 2000;

/** A member of staff's note on an order (docs/product.md#staff-notes): admins alone read and write them. */
export const newOrderNoteSchema = lazySchema(() =>
  z.object({ text: requiredText(messages.noteRequired, ORDER_NOTE_MAX) }).strict(),
);
export type NewOrderNote = z.infer<typeof newOrderNoteSchema>;
export const orderNoteSchema = lazySchema(() =>
  z.object({ id: z.string(), text: z.string(), author: z.string(), at: z.string() }),
);
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** GET /orders/{id}/detail: the order page and the customer's receipt. */
export const orderDetailSchema = lazySchema(() =>
  z.object({
    order: orderSchema,
    customer: z.object({ email: z.string(), userName: z.string() }),
    payment: z
      .object({
        amount: z.string(),
        gateway: z.string(),
        transactionId: z.string(),
        paidAt: z.string(),
        cardBrand: z.string().nullable(),
        cardLast4: z.string().nullable(),
      })
      .nullable(),
    timeline: z.array(z.object({ event: z.enum(['placed', 'paid', 'shipped']), at: z.string() })),
  }),
);
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A client-sent totalPrice as cents, or null; numbers may carry float noise from the browser. */
export function priceToCents(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || !hasAtMostTwoDecimals(value)) return null;
    return Math.round(value * 100);
  }
  const text = value.trim().replace(/^\$/, '');
  if (!/^\d{1,12}(?:\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
