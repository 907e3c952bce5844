import { z } from 'zod';
import { protocolText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** The shop's side of ACP checkout (2026-04-17), checked against the official schemas in acp-conformance.test.ts. */

export const ACP_VERSION = '2026-04-17' as const;

const text = (max = 200) => protocolText(max);

const addressSchema = lazySchema(() =>
  z.looseObject({
    name: text().optional(),
    line_one: text().optional(),
    line_two: text().optional(),
    city: text().optional(),
    state: text().optional(),
    country: text(60).optional(),
    postal_code: text(20).optional(),
  }),
);
export type AcpAddress = z.infer<typeof addressSchema>;

const buyerSchema = lazySchema(() =>
  z.looseObject({
    first_name: text().optional(),
    last_name: text().optional(),
    full_name: text().optional(),
    email: text(254).optional(),
    phone_number: text(40).optional(),
  }),
);

const fulfillmentDetailsSchema = lazySchema(() =>
  z.looseObject({
    name: text().optional(),
    phone_number: text(40).optional(),
    email: text(254).optional(),
    address: addressSchema.optional(),
  }),
);

/** The schema has no quantity (an item named twice is two units); the RFC's `quantity` is taken too. */
const itemSchema = lazySchema(() =>
  z.looseObject({
    id: text(100),
    quantity: z.int().min(1).max(100_000).optional(),
  }),
);

const selectedOptionSchema = lazySchema(() =>
  z.looseObject({
    type: text(40).optional(),
    option_id: text(100),
    item_ids: z.array(text(100)).max(100).optional(),
  }),
);

export const acpCreateInputSchema = lazySchema(() =>
  z.looseObject({
    line_items: z.array(itemSchema).min(1).max(100),
    currency: text(3),
    buyer: buyerSchema.optional(),
    fulfillment_details: fulfillmentDetailsSchema.optional(),
    capabilities: z.looseObject({}).optional(),
  }),
);
export type AcpCreateInput = z.infer<typeof acpCreateInputSchema>;

/** POST /checkout_sessions/{id}: a field left out keeps its value, a field sent as null is cleared. */
export const acpUpdateInputSchema = lazySchema(() =>
  z.looseObject({
    line_items: z.array(itemSchema).min(1).max(100).optional(),
    buyer: buyerSchema.nullable().optional(),
    fulfillment_details: fulfillmentDetailsSchema.nullable().optional(),
    selected_fulfillment_options: z.array(selectedOptionSchema).max(10).nullable().optional(),
  }),
);
export type AcpUpdateInput = z.infer<typeof acpUpdateInputSchema>;

export const acpCompleteInputSchema = lazySchema(() =>
  z.looseObject({
    buyer: buyerSchema.optional(),
    payment_data: z.looseObject({
      handler_id: text(100).optional(),
      instrument: z
        .looseObject({
          type: text(60),
          credential: z.looseObject({ type: text(60), token: text(200) }),
        })
        .optional(),
    }),
  }),
);
export type AcpCompleteInput = z.infer<typeof acpCompleteInputSchema>;

/** POST /checkout_sessions/{id}/cancel: an optional reason, which the shop does not keep. */
export const acpCancelInputSchema = lazySchema(() => z.looseObject({}).nullable().optional());

const totalSchema = lazySchema(() => z.object({ type: z.string(), display_text: z.string(), amount: z.int() }));

const messageSchema = lazySchema(() =>
  z.object({
    type: z.enum(['info', 'warning', 'error']),
    code: z.string().optional(),
    param: z.string().optional(),
    resolution: z.enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review']).optional(),
    content_type: z.literal('plain'),
    content: z.string(),
  }),
);
export type AcpMessage = z.infer<typeof messageSchema>;

const responseAddressSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    line_one: z.string(),
    line_two: z.string().optional(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    postal_code: z.string(),
  }),
);

export const acpCheckoutSessionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    protocol: z.object({ version: z.literal(ACP_VERSION) }),
    capabilities: z.object({
      payment: z.object({ handlers: z.array(z.looseObject({ id: z.string(), name: z.string() })) }),
    }),
    status: z.enum([
      'not_ready_for_payment',
      'ready_for_payment',
      'complete_in_progress',
      'completed',
      'canceled',
      'expired',
    ]),
    currency: z.literal('usd'),
    buyer: buyerSchema.extend({ email: z.string() }).optional(),
    line_items: z.array(
      z.object({
        id: z.string(),
        item: z.object({ id: z.string() }),
        quantity: z.int().min(1),
        name: z.string(),
        images: z.array(z.string()).optional(),
        unit_amount: z.int().min(0),
        totals: z.array(totalSchema),
      }),
    ),
    fulfillment_details: z
      .object({
        name: z.string().optional(),
        phone_number: z.string().optional(),
        email: z.string().optional(),
        address: responseAddressSchema.optional(),
      })
      .optional(),
    fulfillment_options: z.array(
      z.object({
        type: z.literal('shipping'),
        id: z.string(),
        title: z.string(),
        description: z.string().optional(),
        carrier: z.string().optional(),
        totals: z.array(totalSchema),
      }),
    ),
    selected_fulfillment_options: z.array(
      z.object({ type: z.literal('shipping'), option_id: z.string(), item_ids: z.array(z.string()) }),
    ),
    totals: z.array(totalSchema),
    messages: z.array(messageSchema),
    links: z.array(z.object({ type: z.string(), title: z.string().optional(), url: z.string() })),
    expires_at: z.string(),
    order: z
      .object({
        id: z.string(),
        checkout_session_id: z.string(),
        order_number: z.string().optional(),
        permalink_url: z.string(),
      })
      .optional(),
  }),
);
export type AcpCheckoutSession = z.infer<typeof acpCheckoutSessionSchema>;

/** The protocol's flat error, for a request that has no session to answer. */
export const acpErrorSchema = lazySchema(() =>
  z.object({
    type: z.enum(['invalid_request', 'processing_error', 'service_unavailable']),
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
    supported_versions: z.array(z.string()).optional(),
  }),
);
export type AcpError = z.infer<typeof acpErrorSchema>;
