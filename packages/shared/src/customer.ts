import { z } from 'zod';
import { inboxMessageSchema } from './contact-message.ts';
import { orderSchema } from './order.ts';
import { refundSchema, returnSchema } from './refunds.ts';
import { userSummarySchema } from './user.ts';
import { lazySchema } from './lazy-schema.ts';

/** The most of a customer's orders, refunds, returns and messages the customer page lists, newest first. */
export const CUSTOMER_LIST_MAX = 100;

/**
 * GET /users/{email}/summary (admin): `spent` is `paid` less `refunded`, over every order
 * (docs/product.md#customer-page).
 */
export const customerSummarySchema = lazySchema(() =>
  z.object({
    customer: userSummarySchema,
    paid: z.string(),
    refunded: z.string(),
    spent: z.string(),
    orders: z.array(orderSchema),
    refunds: z.array(refundSchema.extend({ orderNumber: z.string() })),
    returns: z.array(returnSchema.extend({ orderNumber: z.string() })),
    messages: z.array(inboxMessageSchema),
  }),
);
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
