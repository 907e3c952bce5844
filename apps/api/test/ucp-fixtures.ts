import { randomUUID } from 'node:crypto';
import { contentDigest, signRequest } from '#api/modules/ucp/message-signature.ts';
import type { TestApp } from './test-app.ts';
import { assistantAt, startAssistant } from './ucp-assistant.ts';

/** UCP calls as an assistant makes them: its profile in UCP-Agent, a fresh Request-Id, a key per write. */
const assistant = await startAssistant({ webhook: false });
const other = await startAssistant({ webhook: false });
export const AGENT = assistant.profileUrl;
export const AGENT_NAME = assistant.name;
export const OTHER_AGENT = other.profileUrl;

/** In the home country, which a shop with no shipping settings ships to, free and untaxed. */
export const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street_address: '12 Analytical Row',
  address_locality: 'Springfield',
  address_region: 'IL',
  postal_code: '62701',
  address_country: 'US',
};

export function ucpHeaders(extra: Record<string, string> = {}, agent = AGENT): Record<string, string> {
  return { 'ucp-agent': `profile="${agent}"`, 'request-id': randomUUID(), ...extra };
}

/**
 * The headers of a request signed (RFC 9421) with the key of the assistant whose profile it names (its UCP-Agent, or
 * `profile` for MCP, whose calls name it in their meta), as an assistant proves itself without an API key. Unchanged
 * when it names no assistant this process started, or carries a key.
 */
export function signedFor(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer,
  profile = /profile="([^"]+)"/.exec(headers['ucp-agent'] ?? '')?.[1],
): Record<string, string> {
  const signer = profile ? assistantAt(profile) : undefined;
  if (!signer || 'authorization' in headers || 'x-api-key' in headers) return headers;
  const withDigest = body ? { ...headers, 'content-digest': contentDigest(body) } : headers;
  const created = Math.floor(Date.now() / 1000);
  const covered = Object.keys(withDigest).filter((name) => name === 'content-digest' || name === 'ucp-agent');
  const where = new URL(url, 'http://localhost:80');
  return { ...withDigest, ...signRequest(method, where, withDigest, covered, signer.key, created, randomUUID()) };
}

/** A UCP call as the assistant its headers name, signed; `unsigned` sends it with no proof at all. */
export function ucp(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = ucpHeaders(),
  { unsigned = false }: { unsigned?: boolean } = {},
) {
  const write = method !== 'GET' && !('idempotency-key' in headers);
  const url = `/api/ucp${path}`;
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const sent = {
    ...(write ? { ...headers, 'idempotency-key': randomUUID() } : headers),
    ...(payload ? { 'content-type': 'application/json' } : {}),
  };
  return t.app.inject({
    method,
    url,
    headers: unsigned ? sent : signedFor(method, url, sent, payload),
    ...(payload ? { payload } : {}),
  });
}

export function readyCheckout(partId: string, quantity = 1, email = 'ada@example.test') {
  return {
    line_items: [{ item: { id: partId }, quantity }],
    buyer: { email, first_name: 'Ada', last_name: 'Lovelace' },
    // A copy: a test that changes its body must not change the next file's (the API files share a process).
    fulfillment: { methods: [{ type: 'shipping', destinations: [{ ...ADDRESS }] }] },
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
