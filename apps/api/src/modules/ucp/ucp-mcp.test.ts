import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ucpCheckoutSchema, ucpOrderSchema } from '@parts-shop/shared/ucp';
import { addPart, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { AGENT, payment, readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

/** The UCP tools on the shop's MCP endpoint, through the SDK's own client over HTTP. */
let client: Client;

const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });
beforeAll(async () => {
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  client = new Client({ name: 'ucp-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`)));
});
afterAll(async () => {
  await client.close();
});

const meta = (key?: string) => ({ 'ucp-agent': { profile: AGENT }, ...(key ? { 'idempotency-key': key } : {}) });

async function call(name: string, args: Record<string, unknown>) {
  const res = await client.callTool({ name, arguments: args });
  return res as { structuredContent?: Record<string, unknown>; isError?: boolean };
}

describe('UCP over MCP', () => {
  it('create, update, complete and get_order answer the same objects as REST', async () => {
    const partId = await addPart(t, { available: 5, priceCents: 7_500 });
    const created = await call('create_checkout', {
      meta: meta(),
      checkout: { line_items: [{ item: { id: partId }, quantity: 1 }] },
    });
    const session = ucpCheckoutSchema.parse(created.structuredContent);
    expect(session.status).toBe('incomplete');

    const updated = await call('update_checkout', {
      meta: meta(),
      id: session.id,
      checkout: readyCheckout(partId, 2, 'mcp-buyer@example.test'),
    });
    expect(ucpCheckoutSchema.parse(updated.structuredContent).status).toBe('ready_for_complete');
    const rest = await ucp(t, 'GET', `/checkout-sessions/${session.id}`);
    expect((await call('get_checkout', { meta: meta(), id: session.id })).structuredContent).toEqual(rest.json());

    const key = '3f2a3c1e-8a4b-4f7e-9d8e-00000000000a';
    const completed = await call('complete_checkout', { meta: meta(key), id: session.id, checkout: payment() });
    const done = ucpCheckoutSchema.parse(completed.structuredContent);
    expect(done.status).toBe('completed');
    const again = await call('complete_checkout', { meta: meta(key), id: session.id, checkout: payment() });
    expect(again.structuredContent).toEqual(completed.structuredContent);
    expect(await stockOf(t, partId)).toBe(3);

    const order = await call('get_order', { meta: meta(), id: done.order?.id });
    expect(ucpOrderSchema.parse(order.structuredContent).id).toBe(done.order?.id);
    expect(order.structuredContent).toEqual((await ucp(t, 'GET', `/orders/${done.order?.id}`)).json());
  });

  it('cancel_checkout closes a session; a session that is not there is an error result', async () => {
    const partId = await addPart(t);
    const session = ucpCheckoutSchema.parse(
      (await call('create_checkout', { meta: meta(), checkout: readyCheckout(partId) })).structuredContent,
    );
    const canceled = await call('cancel_checkout', { meta: meta(), id: session.id });
    expect(ucpCheckoutSchema.parse(canceled.structuredContent).status).toBe('canceled');
    const missing = await call('get_checkout', { meta: meta(), id: '019a0000-0000-7000-8000-000000000000' });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found' }] });
  });
});
