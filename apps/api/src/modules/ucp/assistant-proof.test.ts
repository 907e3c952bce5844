import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { orders } from '#api/db/schema.ts';
import { productionEnv } from '#api-test/production-env.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { startAssistant } from '#api-test/ucp-assistant.ts';
import { payment, readyCheckout, signedFor, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';
import { NO_PROOF } from './ucp-admission.ts';

/**
 * An assistant proves who it is with its key or an RFC 9421 signature made with a key of its own profile; naming a
 * profile, which is public, proves nothing.
 */
const t = useTestApp({
  config: { RATE_LIMIT_ASSISTANT_PER_MINUTE: '4' },
  users: { owner: { email: 'owner@example.test', role: 'admin' } },
});

const checkout = (res: { json: () => unknown }) => ucpCheckoutSchema.parse(res.json());

async function approved(name: string) {
  const assistant = await startAssistant({ webhook: false });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/assistants',
    headers: t.users.owner,
    payload: { profile: assistant.profileUrl, name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return assistant;
}

async function orderOrigin(id: string, headers: Record<string, string>, unsigned: boolean) {
  const done = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment(), headers, { unsigned }));
  const [order] = await t.database.db
    .select({ origin: orders.origin })
    .from(orders)
    .where(eq(orders.id, done.order?.id ?? ''));
  return order?.origin;
}

describe('an assistant’s proof', () => {
  it('records an order under an approved assistant’s name only when the call was signed with its key', async () => {
    const bot = await approved('Signed Bot');
    const partId = await addPart(t, { available: 5 });
    const headers = () => ucpHeaders({}, bot.profileUrl);
    const create = (unsigned: boolean) =>
      ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId), headers(), { unsigned });

    const signed = checkout(await create(false)).id;
    expect(await orderOrigin(signed, headers(), false)).toBe('Signed Bot');
    // Outside production an unproven caller may try the shop, but never under the name it claims.
    const claimed = checkout(await create(true)).id;
    expect(await orderOrigin(claimed, headers(), true)).toBe(`${bot.name} (unverified)`);
  });

  it('refuses a signature that does not check out, creating nothing', async () => {
    const bot = await approved('Careful Bot');
    const impostor = await startAssistant({ webhook: false });
    const partId = await addPart(t, { available: 5 });
    const url = '/api/ucp/checkout-sessions';
    const body = Buffer.from(JSON.stringify(readyCheckout(partId)));
    const base = { ...ucpHeaders({}, bot.profileUrl), 'content-type': 'application/json' };
    const send = (headers: Record<string, string>, payload = body) =>
      t.app.inject({ method: 'POST', url, headers, payload });

    // Made with another assistant's key, over another body, or long ago.
    const wrongKey = signedFor('POST', url, base, body, impostor.profileUrl);
    const otherBody = signedFor('POST', url, base, body);
    const stale = { ...signedFor('POST', url, base, body) };
    stale['signature-input'] = (stale['signature-input'] ?? '').replace(/created=\d+/, 'created=1000');
    for (const res of [
      await send(wrongKey),
      await send(otherBody, Buffer.from(JSON.stringify(readyCheckout(partId, 2)))),
      await send(stale),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ messages: [{ code: 'unauthorized' }] });
    }
    const made = await t.database.db.select().from(orders).where(eq(orders.origin, 'Careful Bot'));
    expect(made).toEqual([]);
  });

  it('spends an assistant’s rate budget only on calls that proved they are its', async () => {
    const bot = await approved('Budget Bot');
    const get = (unsigned: boolean) =>
      ucp(t, 'GET', `/checkout-sessions/${randomUUID()}`, undefined, ucpHeaders({}, bot.profileUrl), { unsigned });
    for (let i = 0; i < 4; i += 1) expect((await get(true)).statusCode).toBe(404);
    expect((await get(true)).statusCode).toBe(429);
    // The claims spent a budget of their own: the assistant's is whole.
    for (let i = 0; i < 4; i += 1) expect((await get(false)).statusCode).toBe(404);
    expect((await get(false)).statusCode).toBe(429);
  });
});

describe('in production, over MCP', () => {
  const prod = useTestApp({ config: productionEnv() });

  const toolCall = (headers: Record<string, string> = {}) =>
    prod.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...headers },
      payload: {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'get_checkout',
          arguments: { meta: { 'ucp-agent': { profile: 'https://bot.example/.well-known/ucp' } }, id: randomUUID() },
        },
      },
    });

  it('answers a checkout tool called without proof 401, before any work', async () => {
    const res = await toolCall();
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: NO_PROOF }, id: 7 });
    // A key that is no approved assistant's is proof that fails: the tool answers the UCP error.
    const wrong = await toolCall({ authorization: 'Bearer psa_not_a_key' });
    expect(wrong.statusCode).toBe(200);
    const result = wrong.json<{ result: { isError: boolean; structuredContent: { messages: { code: string }[] } } }>();
    expect(result.result.isError).toBe(true);
    expect(result.result.structuredContent.messages[0]?.code).toBe('unauthorized');
  });
});
