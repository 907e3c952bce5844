import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { idSchema, requiredText } from './fields.ts';
import { hasAtMostTwoDecimals } from './money.ts';

/** Refunds and returns (docs/product.md#the-order-lifecycle). */

/** Return reasons: stable codes on the wire, these words on screen. */
export const RETURN_REASONS = ['damaged_on_arrival', 'wrong_part', 'incompatible', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged_on_arrival: 'Damaged on arrival',
  wrong_part: 'Wrong part',
  incompatible: 'Incompatible',
  changed_mind: 'Changed mind',
};

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A return may be asked for this many days after the order shipped. */
export const RETURN_WINDOW_DAYS = 30;

const reasonText = lazySchema(() => requiredText('Give a reason', 500));

const dollarsFormat = 'Give an amount like 12.50';

/** Dollars as a number or a string ("12.50"), positive, at most two decimals. */
const dollars = lazySchema(() =>
  z
    .union(
      // The string first: a form's resolver shows the first branch's message, the format's.
      [
        z
          .string()
          .regex(/^\d{1,9}(?:\.\d{1,2})?$/, dollarsFormat)
          .transform(Number),
        z.number(),
      ],
      { error: dollarsFormat },
    )
    .pipe(
      z
        .number()
        .positive('The amount must be more than zero')
        .max(999_999.99)
        .refine(hasAtMostTwoDecimals, 'Give an amount in dollars and cents'),
    ),
);

export const cancelOrderSchema = lazySchema(() => z.object({ reason: reasonText }).strict());

/**
 * POST /orders/{id}/refunds (admin); lineId names one of the order's lines, shipping: true the order's shipping
 * (with its tax). A line's or the shipping's refund goes up to what was paid for it, tax included.
 */
export const newRefundSchema = lazySchema(() =>
  z
    .object({
      amount: dollars,
      reason: reasonText,
      lineId: idSchema.optional(),
      shipping: z.boolean().optional(),
      /** Units of the line to put back on the shelf; true puts back all not yet put back. */
      restock: z.union([z.boolean(), z.number().int().min(0).max(1_000_000)]).optional(),
    })
    .strict()
    .refine((r) => !(r.shipping === true && r.lineId !== undefined), {
      message: 'Refund a line or the shipping, not both at once',
      path: ['shipping'],
    }),
);
export type NewRefund = z.infer<typeof newRefundSchema>;

export const refundSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderId: z.string(),
    amount: z.string(),
    cause: z.enum(['cancel', 'refund', 'return']),
    reason: z.string(),
    /** The order's line the refund was for, when one was named. */
    lineId: z.string().nullable(),
    /** Whether it gave back the shipping. */
    shipping: z.boolean(),
    /** The part of the amount that was tax (dollars). */
    tax: z.string(),
    restocked: z.number().int(),
    status: z.enum(['pending', 'succeeded']),
    createdBy: z.string(),
    createdAt: z.string(),
  }),
);
export type Refund = z.infer<typeof refundSchema>;

const returnLine = lazySchema(() =>
  z.object({ partId: idSchema, quantity: z.number().int().positive().max(1_000_000) }).strict(),
);

/** POST /orders/{id}/returns (the order's customer). */
export const newReturnSchema = lazySchema(() =>
  z.object({ lines: z.array(returnLine).min(1).max(50), reason: z.enum(RETURN_REASONS) }).strict(),
);
export type NewReturn = z.infer<typeof newReturnSchema>;

/** PATCH /returns/{id} (admin): restock and refund apply when the parts are received. */
export const returnDecisionSchema = lazySchema(() =>
  z
    .object({
      status: z.enum(['approved', 'rejected', 'received']),
      restock: z.boolean().optional(),
      refund: dollars.optional(),
    })
    .strict(),
);
export type ReturnDecision = z.infer<typeof returnDecisionSchema>;

export const returnSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    orderId: z.string(),
    lines: z.array(z.object({ partId: z.string(), quantity: z.number().int() })),
    reason: z.enum(RETURN_REASONS),
    status: z.enum(RETURN_STATUSES),
    restocked: z.boolean(),
    refunded: z.string(),
    decidedBy: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  }),
);
export type OrderReturn = z.infer<typeof returnSchema>;

/** GET /returns (admin): open requests (the default) or all, newest first, paged. */
export const returnsQuerySchema = lazySchema(() =>
  z
    .object({
      status: z.enum(['open', 'all']).default('open'),
      limit: z.coerce.number().int().min(1).max(100).default(100),
      cursor: z.string().max(200).optional(),
    })
    .strict(),
);
/** A request with what Manage Orders shows beside it: its order's number and customer, each line's part name. */
export const returnListItemSchema = lazySchema(() =>
  returnSchema.extend({
    orderNumber: z.string(),
    email: z.string(),
    userName: z.string(),
    lines: z.array(z.object({ partId: z.string(), quantity: z.number().int(), productName: z.string() })),
  }),
);
export type ReturnListItem = z.infer<typeof returnListItemSchema>;

/** GET /orders/{id}/refunds: the order's refunds and return requests, oldest first. */
export const refundsAndReturnsSchema = lazySchema(() =>
  z.object({ refunds: z.array(refundSchema), returns: z.array(returnSchema) }),
);
