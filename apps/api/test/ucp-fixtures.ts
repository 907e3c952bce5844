import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.ts';
import { startAssistant } from './ucp-assistant.ts';

/** UCP calls as an assistant makes them: its profile in UCP-Agent, a fresh Request-Id, a key per write. */
const assistant = await startAssistant({ webhook: false });
const other = await startAssistant({ webhook: false });
export const AGENT = assistant.profileUrl;
export const AGENT_NAME = assistant.name;
export const OTHER_AGENT = other.profileUrl;

export const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street_address: '12 Analytical Row',
  address_locality: 'London',
  postal_code: 'N1 9GU',
  address_country: 'GB',
};

export function ucpHeaders(extra: Record<string, string> = {}, agent = AGENT): Record<string, string> {
  return { 'ucp-agent': `profile="${agent}"`, 'request-id': randomUUID(), ...extra };
}

export function ucp(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = ucpHeaders(),
) {
  const write = method !== 'GET' && !('idempotency-key' in headers);
  return t.app.inject({
    method,
    url: `/api/ucp${path}`,
    headers: write ? { ...headers, 'idempotency-key': randomUUID() } : headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export function readyCheckout(partId: string, quantity = 1, email = 'ada@example.test') {
  return {
    line_items: [{ item: { id: partId }, quantity }],
    buyer: { email, first_name: 'Ada', last_name: 'Lovelace' },
    fulfillment: { methods: [{ type: 'shipping', destinations: [ADDRESS] }] },
  };
}

export function payment(token = 'success_token') {
  return {
    payment: {
      instruments: [
        {
          id: 'instr_1',
          handler_id: 'mock_payment_handler',
          type: 'card',
          selected: true,
          credential: { type: 'token', token },
        },
      ],
    },
  };
}
