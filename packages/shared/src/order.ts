import { z } from 'zod';
import { PHONE_MIN } from './constants.ts';
import { idSchema, requiredText } from './fields.ts';
import { messages } from './messages.ts';

export const orderSchema = z.object({
  _id: z.string(),
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
});
export type Order = z.infer<typeof orderSchema>;

export type OrderStatus = 'Unpaid' | 'Pending' | 'Shipped';
/** DESIGN.md 3.4: the status is derived from the two flags, never stored. */
export function orderStatus(order: Pick<Order, 'paid' | 'shipped'>): OrderStatus {
  if (order.shipped) return 'Shipped';
  return order.paid ? 'Pending' : 'Unpaid';
}

/**
 * POST /orders. The spec's fields plus partId; userName, email, productName and totalPrice
 * may be sent for compatibility but the server decides them (DESIGN.md 3.2).
 */
export const newOrderSchema = z
  .object({
    partId: idSchema,
    totalOrder: z
      .number({ error: messages.quantityOutOfRange })
      .int(messages.quantityOutOfRange)
      .positive(messages.quantityOutOfRange),
    phoneNumber: requiredText(messages.phoneRequired, 40).refine((v) => v.length >= PHONE_MIN, messages.phoneShort),
    address: requiredText(messages.addressRequired, 500),
    userName: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
    productName: z.string().max(200).optional(),
    totalPrice: z.union([z.string().max(40), z.number()]).optional(),
  })
  .strict();
export type NewOrder = z.infer<typeof newOrderSchema>;

export const paymentIntentRequestSchema = z
  .object({ orderId: idSchema, totalPrice: z.union([z.string().max(40), z.number()]).optional() })
  .strict();
export const paymentIntentResponseSchema = z.object({ clientSecret: z.string(), paymentIntentId: z.string() });

/** PATCH /orders/{id}: records a payment; only transactionId matters to the server. */
export const recordPaymentSchema = z
  .object({
    transactionId: z.string().min(1).max(200),
    order: z.string().max(100).optional(),
    totalPrice: z.union([z.string().max(40), z.number()]).optional(),
    userName: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
    productName: z.string().max(200).optional(),
  })
  .strict();

export const shipSchema = z.object({ paid: z.literal(false).optional() }).strict();
