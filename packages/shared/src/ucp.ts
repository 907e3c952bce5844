import { z } from 'zod';
import { protocolText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';

/** The shop's side of UCP checkout (2026-04-08), checked against the official schemas in ucp-schemas.test.ts. */

export const UCP_VERSION = '2026-04-08' as const;

export const UCP_CAPABILITIES = {
  checkout: 'dev.ucp.shopping.checkout',
  fulfillment: 'dev.ucp.shopping.fulfillment',
  order: 'dev.ucp.shopping.order',
  catalogSearch: 'dev.ucp.shopping.catalog.search',
  catalogLookup: 'dev.ucp.shopping.catalog.lookup',
} as const;

/** The test-mode gateway's payment handler, the convention of the UCP conformance suite. */
export const MOCK_PAYMENT_HANDLER = { name: 'dev.mock.payment_handler', id: 'mock_payment_handler' } as const;
/** Stripe's handler: the token credential is a PaymentMethod id (`pm_card_visa` in test mode). */
export const STRIPE_PAYMENT_HANDLER = { name: 'com.stripe.payment_method', id: 'stripe_payment_method' } as const;

const text = (max = 200) => protocolText(max);

const postalAddressSchema = lazySchema(() =>
  z.looseObject({
    extended_address: text().optional(),
    street_address: text().optional(),
    address_locality: text().optional(),
    address_region: text().optional(),
    address_country: text(60).optional(),
    postal_code: text(20).optional(),
    first_name: text().optional(),
    last_name: text().optional(),
    phone_number: text(40).optional(),
  }),
);

const requestLineItemSchema = lazySchema(() =>
  z.looseObject({
    id: text(100).optional(),
    item: z.looseObject({ id: text(100) }),
    quantity: z.int().min(1).max(100_000),
  }),
);

const buyerSchema = lazySchema(() =>
  z.looseObject({
    first_name: text().optional(),
    last_name: text().optional(),
    email: text(254).optional(),
    phone_number: text(40).optional(),
  }),
);

const requestFulfillmentSchema = lazySchema(() =>
  z.looseObject({
    methods: z
      .array(
        z.looseObject({
          id: text(100).optional(),
          type: z.enum(['shipping', 'pickup']).optional(),
          line_item_ids: z.array(text(100)).max(100).optional(),
          destinations: z
            .array(postalAddressSchema.extend({ id: text(100).optional() }))
            .max(10)
            .optional(),
          selected_destination_id: text(100).nullable().optional(),
          groups: z
            .array(z.looseObject({ id: text(100).optional(), selected_option_id: text(100).nullable().optional() }))
            .max(10)
            .optional(),
        }),
      )
      .max(5)
      .optional(),
  }),
);

/** POST /checkout-sessions and PUT /checkout-sessions/{id} (a full replacement). */
export const ucpCheckoutInputSchema = lazySchema(() =>
  z.looseObject({
    line_items: z.array(requestLineItemSchema).min(1).max(100),
    buyer: buyerSchema.optional(),
    fulfillment: requestFulfillmentSchema.optional(),
  }),
);
export type UcpCheckoutInput = z.infer<typeof ucpCheckoutInputSchema>;

const credentialSchema = lazySchema(() => z.looseObject({ type: text(60), token: text(200).optional() }));

export const ucpPaymentInstrumentSchema = lazySchema(() =>
  z.looseObject({
    id: text(100),
    handler_id: text(100),
    type: text(60),
    credential: credentialSchema.optional(),
    billing_address: postalAddressSchema.optional(),
    selected: z.boolean().optional(),
  }),
);

/** POST /checkout-sessions/{id}/complete: the payment, and nothing of the checkout may change. */
export const ucpCompleteInputSchema = lazySchema(() =>
  z.looseObject({
    payment: z.looseObject({ instruments: z.array(ucpPaymentInstrumentSchema).min(1).max(5) }),
  }),
);
export type UcpCompleteInput = z.infer<typeof ucpCompleteInputSchema>;

/** Where a message points, as an RFC 9535 JSONPath. */
export const ucpMessageSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('error'),
      code: z.string(),
      path: z.string().optional(),
      content: z.string(),
      severity: z.enum(['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable']),
    }),
    z.object({ type: z.literal('warning'), code: z.string(), path: z.string().optional(), content: z.string() }),
    z.object({
      type: z.literal('info'),
      code: z.string().optional(),
      path: z.string().optional(),
      content: z.string(),
    }),
  ]),
);
export type UcpMessage = z.infer<typeof ucpMessageSchema>;

const totalSchema = lazySchema(() =>
  z.object({ type: z.string(), display_text: z.string().optional(), amount: z.int() }),
);
export type UcpTotal = z.infer<typeof totalSchema>;

const entitySchema = lazySchema(() => z.looseObject({ version: z.string() }));

const ucpMetaSchema = lazySchema(() =>
  z.looseObject({
    version: z.literal(UCP_VERSION),
    status: z.enum(['success', 'error']).optional(),
    capabilities: z.record(z.string(), z.array(entitySchema)).optional(),
    payment_handlers: z.record(z.string(), z.array(entitySchema.extend({ id: z.string() }))).optional(),
  }),
);

const itemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    price: z.int().min(0),
    image_url: z.string().optional(),
  }),
);

const fulfillmentOptionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    carrier: z.string().optional(),
    totals: z.array(totalSchema),
  }),
);

/** What the shop answers for a checkout session, over REST and as MCP's structuredContent. */
export const ucpCheckoutSchema = lazySchema(() =>
  z.object({
    ucp: ucpMetaSchema,
    id: z.string(),
    status: z.enum(['incomplete', 'ready_for_complete', 'complete_in_progress', 'completed', 'canceled']),
    currency: z.literal('USD'),
    line_items: z.array(
      z.object({ id: z.string(), item: itemSchema, quantity: z.int().min(1), totals: z.array(totalSchema) }),
    ),
    buyer: buyerSchema.optional(),
    fulfillment: z.object({
      methods: z.array(
        z.object({
          id: z.string(),
          type: z.literal('shipping'),
          line_item_ids: z.array(z.string()),
          /** Left out until the assistant gives an address: there is nowhere to price shipping to. */
          destinations: z.array(postalAddressSchema.extend({ id: z.string() })).optional(),
          selected_destination_id: z.string().nullable().optional(),
          groups: z.array(
            z.object({
              id: z.string(),
              line_item_ids: z.array(z.string()),
              options: z.array(fulfillmentOptionSchema),
              selected_option_id: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
    totals: z.array(totalSchema),
    messages: z.array(ucpMessageSchema),
    links: z.array(z.object({ type: z.string(), url: z.string(), title: z.string().optional() })),
    expires_at: z.string(),
    continue_url: z.string().optional(),
    order: z.object({ id: z.string(), label: z.string().optional(), permalink_url: z.string() }).optional(),
  }),
);
export type UcpCheckout = z.infer<typeof ucpCheckoutSchema>;

/** The binding's answer when there is no resource to act on (a session that is not there). */
export const ucpErrorResponseSchema = lazySchema(() =>
  z.object({
    ucp: ucpMetaSchema.extend({ status: z.literal('error') }),
    messages: z.array(ucpMessageSchema).min(1),
    continue_url: z.string().optional(),
  }),
);
export type UcpErrorResponse = z.infer<typeof ucpErrorResponseSchema>;

const lineRefSchema = lazySchema(() => z.object({ id: z.string(), quantity: z.int() }));

/** GET /orders/{id}: the order as its assistant follows it. */
export const ucpOrderSchema = lazySchema(() =>
  z.object({
    ucp: ucpMetaSchema,
    id: z.string(),
    label: z.string(),
    checkout_id: z.string(),
    permalink_url: z.string(),
    currency: z.literal('USD'),
    line_items: z.array(
      z.object({
        id: z.string(),
        item: itemSchema,
        quantity: z.object({ original: z.int(), total: z.int(), fulfilled: z.int() }),
        totals: z.array(totalSchema),
        status: z.enum(['processing', 'partial', 'fulfilled', 'removed']),
      }),
    ),
    fulfillment: z.object({
      expectations: z.array(
        z.object({
          id: z.string(),
          line_items: z.array(lineRefSchema),
          method_type: z.literal('shipping'),
          destination: postalAddressSchema,
          description: z.string().optional(),
        }),
      ),
      events: z.array(
        z.object({
          id: z.string(),
          occurred_at: z.string(),
          type: z.string(),
          line_items: z.array(lineRefSchema),
          carrier: z.string().optional(),
          tracking_number: z.string().optional(),
        }),
      ),
    }),
    adjustments: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        occurred_at: z.string(),
        status: z.enum(['pending', 'completed', 'failed']),
        line_items: z.array(lineRefSchema).optional(),
        totals: z.array(totalSchema).optional(),
        description: z.string().optional(),
      }),
    ),
    totals: z.array(totalSchema),
  }),
);
export type UcpOrder = z.infer<typeof ucpOrderSchema>;
