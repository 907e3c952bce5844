import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acp, readySession } from '#api-test/acp-fixtures.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { AGENT, readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

/** Text PostgreSQL cannot store (jsonb refuses both), in every protocol's text fields: a 400 or an error result, never a 500. */
const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });
let client: Client;
beforeAll(async () => {
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  client = new Client({ name: 'odd-characters-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`)));
});
afterAll(async () => {
  await client.close();
});

const ODD = { nul: 'Love\u0000lace', surrogate: 'Love\ud800lace' };

describe('odd characters in a protocol body', () => {
  it.each(Object.entries(ODD))('UCP: %s in last_name is a 400, not a 500', async (_kind, value) => {
    const partId = await addPart(t);
    const body = readyCheckout(partId);
    body.buyer.last_name = value;
    const res = await ucp(t, 'POST', '/checkout-sessions', body);
    expect(res.statusCode, res.body).toBe(400);
  });
  it.each(Object.entries(ODD))('ACP: %s in last_name is a 400, not a 500', async (_kind, value) => {
    const partId = await addPart(t);
    const body = readySession(partId);
    body.buyer.last_name = value;
    const res = await acp(t, 'POST', '/checkout_sessions', body);
    expect(res.statusCode, res.body).toBe(400);
  });
  it.each(Object.entries(ODD))('UCP: %s in a destination or an item id is a 400', async (_kind, value) => {
    const partId = await addPart(t);
    const body = readyCheckout(partId);
    const [destination] = body.fulfillment.methods[0]?.destinations ?? [];
    if (destination) destination.street_address = value;
    expect((await ucp(t, 'POST', '/checkout-sessions', body)).statusCode).toBe(400);
    expect((await ucp(t, 'POST', '/checkout-sessions', readyCheckout(value))).statusCode).toBe(400);
  });
  it.each(Object.entries(ODD))('MCP: %s in a tool argument is an error result', async (_kind, value) => {
    const partId = await addPart(t);
    const checkout = readyCheckout(partId);
    checkout.buyer.first_name = value;
    for (const args of [
      { meta: { 'ucp-agent': { profile: AGENT } }, checkout },
      { meta: { 'ucp-agent': { profile: `${AGENT}${value}` } }, checkout: readyCheckout(partId) },
    ]) {
      const res = (await client.callTool({ name: 'create_checkout', arguments: args })) as { isError?: boolean };
      expect(res.isError).toBe(true);
    }
  });
});
