import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.ts';

/** ACP calls as an agent makes them: its bearer key, the API version, a fresh key per POST. */
export const ACP_KEY = 'acp_test_key_1';

export function acpHeaders(extra: Record<string, string> = {}, key = ACP_KEY): Record<string, string> {
  return { authorization: `Bearer ${key}`, 'api-version': '2026-04-17', 'request-id': randomUUID(), ...extra };
}

export function acp(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = acpHeaders(),
) {
  const write = method === 'POST' && !('idempotency-key' in headers);
  return t.app.inject({
    method,
    url: `/api/acp${path}`,
    headers: write ? { ...headers, 'idempotency-key': randomUUID() } : headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** In the home country, which a shop with no shipping settings ships to, free and untaxed. */
export const ACP_ADDRESS = {
  name: 'Ada Lovelace',
  line_one: '12 Analytical Row',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
  postal_code: '62701',
};

/** A ready-for-payment create request; each unit is the item named once more (the schema has no quantity). */
export function readySession(partId: string, quantity = 1, email = 'ada@example.test') {
  return {
    currency: 'usd',
    capabilities: {},
    line_items: Array.from({ length: quantity }, () => ({ id: partId })),
    buyer: { email, first_name: 'Ada', last_name: 'Lovelace' },
    fulfillment_details: { name: 'Ada Lovelace', address: ACP_ADDRESS },
  };
}

export function paymentData(token = 'success_token') {
  return {
    payment_data: {
      handler_id: 'mock_payment_handler',
      instrument: { type: 'card', credential: { type: 'token', token } },
    },
  };
}
