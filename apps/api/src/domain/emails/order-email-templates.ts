import type { Order as OrderLd, WithContext } from 'schema-dts';
import { z } from 'zod';
import { postalAddressLines } from '@parts-shop/shared/checkout';
import { centsToPriceString, formatCents, formatDollars } from '@parts-shop/shared/money';
import { scriptSafeJson } from '#api/lib/page-head.ts';

/** Frozen when the change commits: a cancelled order's row is gone by send time, and a retry must say the same. */
export const orderEmailPayloadSchema = z.object({
  kind: z.enum([
    'order-placed',
    'payment-receipt',
    /** Placed and paid in one step (an assistant's order): the one email, confirmation and receipt together. */
    'order-confirmed',
    'order-shipped',
    'order-cancelled',
    'order-refunded',
    'return-requested',
    'return-approved',
    'return-received',
  ]),
  orderId: z.string(),
  number: z.string(),
  userName: z.string(),
  productName: z.string(),
  quantity: z.number(),
  /** Every line of the order (a return's emails: the units sent back); emails queued before orders had lines carry none. */
  lines: z.array(z.object({ productName: z.string(), quantity: z.number(), unitCents: z.number().int() })).default([]),
  totalPrice: z.string(),
  /**
   * The amounts the checkout engine priced, as stored on the order (never added up again here). Absent on an order
   * from before shipping and tax, and on emails queued before: their total is all they say.
   */
  amounts: z
    .object({
      /** The discounts the order carries, in the order applied; emails queued before discounts carry none. */
      discounts: z
        .array(z.object({ title: z.string(), code: z.string().nullable(), cents: z.number().int() }))
        .default([]),
      subtotalCents: z.number().int(),
      /** The shipping option's title ("Standard"); null when the order was priced without shipping. */
      shippingTitle: z.string().nullable(),
      shippingCents: z.number().int(),
      taxCents: z.number().int(),
      totalCents: z.number().int(),
      pricesIncludeTax: z.boolean(),
    })
    .optional(),
  address: z.string(),
  /** The postal address field by field; absent on emails queued before addresses had fields (`address` says it). */
  shipTo: z
    .object({
      name: z.string(),
      line1: z.string(),
      line2: z.string().optional(),
      city: z.string(),
      region: z.string().optional(),
      postalCode: z.string(),
      country: z.string(),
    })
    .optional(),
  phoneNumber: z.string(),
  placedAt: z.string(),
  transactionId: z.string().nullable().optional(),
  carrier: z.string().nullable().optional(),
  trackingNumber: z.string().nullable().optional(),
  cancelReason: z.enum(['customer', 'admin', 'expired', 'declined']).optional(),
  /** order-refunded: the dollars this refund returns; return-received: what its receipt refunded, if anything. */
  refundAmount: z.string().optional(),
  /** A return's emails: why the customer sends the parts back, in words. */
  returnReason: z.string().optional(),
  /** order-shipped: the carrier's tracking page for this number, for a carrier the shop knows. */
  trackingUrl: z.string().optional(),
});
export type OrderEmailPayload = z.infer<typeof orderEmailPayloadSchema>;

export const alertEmailPayloadSchema = z.object({
  kind: z.enum(['price-alert', 'stock-alert']),
  alertId: z.string(),
  partId: z.string(),
  partName: z.string(),
  userName: z.string(),
  /** The part's price when the alert fired, and for a price alert the price asked for (dollars). */
  price: z.number(),
  wanted: z.number().nullable(),
  available: z.number(),
});
export type AlertEmailPayload = z.infer<typeof alertEmailPayloadSchema>;

/** What a low-stock email tells an admin, frozen when the stock fell to the part's threshold. */
export const lowStockEmailPayloadSchema = z.object({
  kind: z.literal('low-stock'),
  partId: z.string(),
  partName: z.string(),
  available: z.number(),
  lowStockAt: z.number(),
});
export type LowStockEmailPayload = z.infer<typeof lowStockEmailPayloadSchema>;

/** Never the sender's name or words: a stranger's text to an unverified address would make the shop a relay. */
export const replyEmailPayloadSchema = z.object({
  kind: z.literal('message-reply'),
  messageId: z.string(),
  sentAt: z.string(),
  reply: z.string(),
});
export type ReplyEmailPayload = z.infer<typeof replyEmailPayloadSchema>;

export const emailPayloadSchema = z.union([
  orderEmailPayloadSchema,
  alertEmailPayloadSchema,
  lowStockEmailPayloadSchema,
  replyEmailPayloadSchema,
]);
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

export type RenderedEmail = { subject: string; text: string; html: string };

const CANCEL_REASONS = {
  customer: 'You cancelled this order.',
  admin: 'The shop cancelled this order.',
  expired: 'This order was not paid in time, so it was cancelled and its units went back on the shelf.',
  declined: 'The payment was declined, so this order was cancelled.',
} as const;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * A detail of the email; with `href`, its value links there (a tracking number to the carrier's page). A value of
 * several lines (an address) is one line each.
 */
type Row = [label: string, value: string | string[], href?: string];

/** A row as the text part writes it: "Label: value", or the label alone and each line of the value indented. */
function textRow([label, value, href]: Row): string {
  if (Array.isArray(value)) return [`${label}:`, ...value.map((line) => `  ${line}`)].join('\n');
  return href ? `${label}: ${value} (${href})` : `${label}: ${value}`;
}

function heading(p: OrderEmailPayload): { subject: string; intro: string } {
  switch (p.kind) {
    case 'order-placed':
      return {
        subject: `Order ${p.number} placed`,
        intro: 'Thank you for your order. It is reserved for you until it is paid.',
      };
    case 'payment-receipt':
      return { subject: `Payment receipt for order ${p.number}`, intro: 'We have received your payment. Thank you!' };
    case 'order-confirmed':
      return {
        subject: `Order ${p.number} confirmed`,
        intro: 'Thank you for your order. We have received your payment; this email is your receipt.',
      };
    case 'order-shipped':
      return { subject: `Order ${p.number} has shipped`, intro: 'Your order is on its way.' };
    case 'order-cancelled':
      return {
        subject: `Order ${p.number} cancelled`,
        intro: CANCEL_REASONS[p.cancelReason ?? 'customer'],
      };
    case 'order-refunded':
      return {
        subject: `Refund for order ${p.number}`,
        intro: `We have refunded ${formatDollars(p.refundAmount ?? '0')} to the card that paid for this order.`,
      };
    case 'return-requested':
      return {
        subject: `Return requested for order ${p.number}`,
        intro: 'We have your request to send these parts back. We will email you once it is approved.',
      };
    case 'return-approved':
      return {
        subject: `Return approved for order ${p.number}`,
        intro: 'Your return is approved: please send these parts back. We will email you when they arrive.',
      };
    case 'return-received':
      return { subject: `Return received for order ${p.number}`, intro: 'We have received the parts you sent back.' };
  }
}

/** One row per line ("2 × Ryzen 5 7600": "$398.00 ($199.00 each)"), or the summary for an email queued without lines. */
function lineRows(p: OrderEmailPayload): Row[] {
  if (p.lines.length === 0) {
    return [
      ['Product', p.productName],
      ['Quantity', String(p.quantity)],
    ];
  }
  return p.lines.map((line) => [
    `${line.quantity} × ${line.productName}`,
    `${formatCents(line.quantity * line.unitCents)} (${formatCents(line.unitCents)} each)`,
  ]);
}

/** schema.org's Order for mail clients, escaped as the shop's pages are. */
function orderJsonLd(p: OrderEmailPayload, receiptUrl: string): string {
  const data: WithContext<OrderLd> = {
    '@context': 'https://schema.org',
    '@type': 'Order',
    orderNumber: p.number,
    url: receiptUrl,
    orderDate: p.placedAt,
    orderStatus: ORDER_STATUS_LD[p.kind],
    seller: { '@type': 'Organization', name: 'Parts Shop' },
    acceptedOffer: p.lines.map((line) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Product', name: line.productName },
      price: centsToPriceString(line.unitCents),
      priceCurrency: 'USD',
      eligibleQuantity: { '@type': 'QuantitativeValue', value: line.quantity },
    })),
  };
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

// schema.org has no status for money refunded, so a refund's email names none.
const ORDER_STATUS_LD: Record<OrderEmailPayload['kind'], OrderLd['orderStatus']> = {
  'order-placed': 'https://schema.org/OrderPaymentDue',
  'payment-receipt': 'https://schema.org/OrderProcessing',
  'order-confirmed': 'https://schema.org/OrderProcessing',
  'order-shipped': 'https://schema.org/OrderInTransit',
  'order-cancelled': 'https://schema.org/OrderCancelled',
  'order-refunded': undefined,
  'return-requested': undefined,
  'return-approved': undefined,
  'return-received': 'https://schema.org/OrderReturned',
};

const RETURN_KINDS: ReadonlySet<OrderEmailPayload['kind']> = new Set([
  'return-requested',
  'return-approved',
  'return-received',
]);

/** A return's emails name what goes back and why, never the whole order's total or its address. */
function returnRows(p: OrderEmailPayload): Row[] {
  const rows: Row[] = [['Order', p.number], ...lineRows(p)];
  if (p.returnReason) rows.push(['Reason', p.returnReason]);
  if (p.kind === 'return-received')
    rows.push(['Refunded', p.refundAmount ? formatDollars(p.refundAmount) : 'Nothing yet']);
  return rows;
}

/**
 * Subtotal, shipping, tax and the total as the order stored them: "Shipping (Standard): $5.99", "Tax: $2.90" ("Tax
 * included" where prices include it, since the total then does not add it again), "Total: $48.89".
 */
function amountRows(p: OrderEmailPayload, totalLabel: string): Row[] {
  const amounts = p.amounts;
  if (!amounts) return [[totalLabel, formatDollars(p.totalPrice)]];
  return [
    // Each discount by name, before the subtotal it lowered: "Welcome: 10 % off (WELCOME10): -$20.00".
    ...amounts.discounts.map((d): Row => [d.code ? `${d.title} (${d.code})` : d.title, `-${formatCents(d.cents)}`]),
    ['Subtotal', formatCents(amounts.subtotalCents)],
    ...(amounts.shippingTitle === null
      ? []
      : [[`Shipping (${amounts.shippingTitle})`, formatCents(amounts.shippingCents)] satisfies Row]),
    [amounts.pricesIncludeTax ? 'Tax included' : 'Tax', formatCents(amounts.taxCents)],
    [totalLabel, formatCents(amounts.totalCents)],
  ];
}

function detailRows(p: OrderEmailPayload): Row[] {
  if (RETURN_KINDS.has(p.kind)) return returnRows(p);
  const receipt = p.kind === 'payment-receipt' || p.kind === 'order-confirmed';
  const rows: Row[] = [
    ['Order', p.number],
    ['Placed', new Date(p.placedAt).toUTCString()],
    ...lineRows(p),
    ...amountRows(p, receipt ? 'Paid' : 'Total'),
  ];
  if (receipt && p.transactionId) rows.push(['Transaction', p.transactionId]);
  if (p.kind === 'order-refunded') rows.push(['Refunded', formatDollars(p.refundAmount ?? '0')]);
  if (p.kind !== 'order-cancelled') {
    rows.push(['Ship to', p.shipTo ? postalAddressLines(p.shipTo) : p.address], ['Phone', p.phoneNumber]);
  }
  if (p.kind === 'order-shipped') {
    rows.push(
      ['Carrier', p.carrier || 'Not given'],
      ['Tracking number', p.trackingNumber || 'Not given', p.trackingUrl],
    );
  }
  return rows;
}

const shopLink = (path: string, shopUrl: string) => new URL(path, shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`).href;

type Link = { href: string; text: string };

function page(
  subject: string,
  paragraphs: string[],
  rows: Row[],
  link?: Link,
  closing: string[] = [],
  head = '',
): string {
  const tableRows = rows
    .map(
      ([label, value, href]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${
          Array.isArray(value)
            ? value.map(escapeHtml).join('<br>')
            : href
              ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>`
              : escapeHtml(value)
        }</td></tr>`,
    )
    .join('');
  return [
    `<!doctype html><html><head>${head}</head><body style="font-family:sans-serif;color:#1f2937">`,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<table>${tableRows}</table>`,
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '',
    ...[...closing, 'Parts Shop'].map((p) => `<p>${escapeHtml(p)}</p>`),
    '</body></html>',
  ].join('');
}

export function renderAlertEmail(p: AlertEmailPayload, shopUrl: string): RenderedEmail {
  const subject =
    p.kind === 'price-alert' ? `${p.partName} is now ${formatDollars(p.price)}` : `${p.partName} is back in stock`;
  const intro =
    p.kind === 'price-alert' && p.wanted !== null
      ? `The price fell to ${formatDollars(p.price)}, at or below the ${formatDollars(p.wanted)} you asked for.`
      : `It is back in stock: ${p.available} available.`;
  const greeting = `Hello ${p.userName || 'there'},`;
  const partUrl = shopLink(`parts/${p.partId}`, shopUrl);
  const rows: Row[] = [
    ['Part', p.partName],
    ['Price', formatDollars(p.price)],
    ['In stock', String(p.available)],
  ];
  const footer = 'You asked for this alert once; it will not be sent again.';
  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(textRow),
    '',
    `See the part: ${partUrl}`,
    '',
    footer,
    'Parts Shop',
  ].join('\n');
  const html = page(subject, [greeting, intro], rows, { href: partUrl, text: 'See the part' }, [footer]);
  return { subject, text, html };
}

export function renderLowStockEmail(p: LowStockEmailPayload, shopUrl: string): RenderedEmail {
  const subject = `${p.partName} is low on stock`;
  const intro = `Its stock fell to ${p.available}, at or below the ${p.lowStockAt} set for it.`;
  const rows: Row[] = [
    ['Part', p.partName],
    ['In stock', String(p.available)],
    ['Low stock at', String(p.lowStockAt)],
  ];
  const link = { href: shopLink(`dashboard/editProduct/${p.partId}`, shopUrl), text: 'Edit the part' };
  const text = [intro, '', ...rows.map(textRow), '', `${link.text}: ${link.href}`, '', 'Parts Shop'].join('\n');
  return { subject, text, html: page(subject, [intro], rows, link, []) };
}

/** A reply to a contact message: the admin's plain text, escaped line by line; nothing the sender wrote. */
export function renderReplyEmail(p: ReplyEmailPayload): RenderedEmail {
  const subject = 'Re: your message to Parts Shop';
  const greeting = 'Hello,';
  const about = `This answers the message you sent through the contact form on ${new Date(p.sentAt).toUTCString()}.`;
  const text = [greeting, '', p.reply, '', about, '', 'Parts Shop'].join('\n');
  const html = page(subject, [greeting, ...p.reply.split('\n'), about], []);
  return { subject, text, html };
}

/** Renders an order email as plain text and HTML; every value from the order is escaped in the HTML. */
export function renderOrderEmail(p: OrderEmailPayload, shopUrl: string): RenderedEmail {
  const { subject, intro } = heading(p);
  const rows = detailRows(p);
  const receiptUrl = shopLink(`dashboard/orders/${p.orderId}`, shopUrl);
  const showLink = p.kind !== 'order-cancelled';
  const greeting = `Hello ${p.userName || 'there'},`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.map(textRow),
    ...(showLink ? ['', `Your receipt: ${receiptUrl}`] : []),
    '',
    'Parts Shop',
  ].join('\n');

  const html = page(
    subject,
    [greeting, intro],
    rows,
    showLink ? { href: receiptUrl, text: 'View your receipt' } : undefined,
    [],
    orderJsonLd(p, receiptUrl),
  );

  return { subject, text, html };
}
