import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { idSchema } from './fields.ts';
import { formatCents } from './money.ts';
import {
  ORDER_TOTAL_MAX_CENTS,
  orderSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
} from './order.ts';

/** How many orders one payment may cover (a customer's unpaid orders are capped well below). */
export const PAYMENT_GROUP_MAX = 100;

/** Paying for several orders at once (docs/product.md#paying-for-several-orders). */
export const paymentGroupMessages = {
  noOrders: 'Choose at least one order to pay for',
  tooMany: `At most ${PAYMENT_GROUP_MAX} orders can be paid at once`,
  duplicate: 'Each order can be named only once',
  notFound: 'Order not found (it may have been cancelled)',
  alreadyPaid: 'Already paid',
  tooLarge: `One payment can be at most ${formatCents(ORDER_TOTAL_MAX_CENTS)}; pay for fewer orders at once`,
} as const;

const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

/** POST /create-payment-intent {orderIds}: several of the caller's unpaid orders in one payment. */
export const groupPaymentIntentRequestSchema = lazySchema(() =>
  z
    .object({
      orderIds: z
        .array(idSchema, { error: paymentGroupMessages.noOrders })
        .min(1, paymentGroupMessages.noOrders)
        // Refinements rather than .max(): the union then reports this message, not "Invalid input".
        .refine((ids) => ids.length <= PAYMENT_GROUP_MAX, paymentGroupMessages.tooMany)
        .refine(distinct, paymentGroupMessages.duplicate),
    })
    .strict(),
);

/** Either body of POST /create-payment-intent: one order, or several. */
export const anyPaymentIntentRequestSchema = lazySchema(() =>
  z.union([paymentIntentRequestSchema, groupPaymentIntentRequestSchema]),
);

/** A group's answer also names the group, its summed total and every order it pays. */
export const groupPaymentIntentResponseSchema = lazySchema(() =>
  paymentIntentResponseSchema.extend({
    groupId: z.string(),
    total: z.string(),
    orders: z.array(orderSchema),
  }),
);

/** Either answer of POST /create-payment-intent. */
export const anyPaymentIntentResponseSchema = lazySchema(() =>
  z.union([groupPaymentIntentResponseSchema, paymentIntentResponseSchema]),
);

/** GET /orders/unpaid: what My Orders' "Pay all unpaid (N orders, $X)" pays, oldest first. */
export const unpaidOrdersSchema = lazySchema(() =>
  z.object({
    count: z.number().int(),
    total: z.string(),
    orderIds: z.array(z.string()).max(PAYMENT_GROUP_MAX),
  }),
);
export type UnpaidOrders = z.infer<typeof unpaidOrdersSchema>;
