import { MOCK_PAYMENT_HANDLER, STRIPE_PAYMENT_HANDLER, UCP_CAPABILITIES, UCP_VERSION } from '@parts-shop/shared/ucp';
import type { Config } from '#api/config/env.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import type { SigningKey } from './signing-key.ts';

const published = (path: string) => `https://ucp.dev/${UCP_VERSION}/${path}`;

/** Where the shop answers UCP: the REST binding's base and the MCP endpoint. */
export function ucpEndpoints(config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'API_BASE_PATH'>) {
  const base = `${siteOrigin(config)}${config.API_BASE_PATH}`;
  return { rest: `${base}/ucp`, mcp: `${base}/mcp` };
}

/**
 * The payment handlers the shop can really serve, one per gateway. The test-mode gateway takes
 * the conformance suite's mock handler (a token credential of any type carrying `success_token`,
 * `fail_token` or a test card number, or a card credential with a test card's number); Stripe
 * takes a token whose value is a PaymentMethod id, confirmed on the order's own intent.
 */
export function paymentHandlers(
  config: Pick<Config, 'PAYMENT_GATEWAY' | 'STRIPE_SECRET_KEY'>,
): Record<string, { id: string; version: string; [field: string]: unknown }[]> {
  const handler = config.PAYMENT_GATEWAY === 'local' ? MOCK_PAYMENT_HANDLER : STRIPE_PAYMENT_HANDLER;
  const testMode = config.PAYMENT_GATEWAY === 'local' || Boolean(config.STRIPE_SECRET_KEY?.startsWith('sk_test_'));
  return {
    [handler.name]: [
      {
        id: handler.id,
        version: UCP_VERSION,
        available_instruments: [{ type: 'card' }],
        config: { test_mode: testMode },
      },
    ],
  };
}

/** The capabilities as they appear in a response: name and version. */
export function activeCapabilities(names: readonly (keyof typeof UCP_CAPABILITIES)[]) {
  return Object.fromEntries(names.map((name) => [UCP_CAPABILITIES[name], [{ version: UCP_VERSION }]]));
}

/** GET /.well-known/ucp: what an assistant reads before it calls (profile_schema.json's business_profile). */
export function businessProfile(config: Config, key: SigningKey) {
  const endpoints = ucpEndpoints(config);
  const capability = (name: keyof typeof UCP_CAPABILITIES, doc: string, schema: string) => ({
    version: UCP_VERSION,
    spec: published(`specification/${doc}`),
    schema: published(`schemas/shopping/${schema}`),
  });
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        'dev.ucp.shopping': [
          {
            version: UCP_VERSION,
            spec: published('specification/overview'),
            transport: 'rest',
            endpoint: endpoints.rest,
            schema: published('services/shopping/rest.openapi.json'),
          },
          {
            version: UCP_VERSION,
            spec: published('specification/overview'),
            transport: 'mcp',
            endpoint: endpoints.mcp,
            schema: published('services/shopping/mcp.openrpc.json'),
          },
        ],
      },
      capabilities: {
        [UCP_CAPABILITIES.checkout]: [capability('checkout', 'checkout', 'checkout.json')],
        [UCP_CAPABILITIES.fulfillment]: [
          { ...capability('fulfillment', 'fulfillment', 'fulfillment.json'), extends: UCP_CAPABILITIES.checkout },
        ],
        [UCP_CAPABILITIES.order]: [capability('order', 'order', 'order.json')],
        [UCP_CAPABILITIES.catalogSearch]: [capability('catalogSearch', 'catalog/search', 'catalog_search.json')],
        [UCP_CAPABILITIES.catalogLookup]: [capability('catalogLookup', 'catalog/lookup', 'catalog_lookup.json')],
      },
      payment_handlers: paymentHandlers(config),
    },
    signing_keys: key.published,
  };
}
