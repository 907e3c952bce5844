import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { approvedAssistantSchema, assistantSchema, type Assistant } from '@parts-shop/shared/assistant';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { assistants, orders } from '#api/db/schema.ts';
import { assistantByApiKey } from '#api/domain/assistants/approved-assistants.ts';
import { productionEnv } from '#api-test/production-env.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { startAssistant, type Assistant as ServedAssistant } from '#api-test/ucp-assistant.ts';
import { payment, readyCheckout, signedFor, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';
import { approveAssistant, revokeAssistant } from './assistants.service.ts';

/**
 * Dashboard > Assistants (docs/product.md#assistants): the owner approves an AI assistant by
 * its profile address and sees its API key once; in production only approved assistants may
 * call UCP; each assistant's calls are limited on their own.
 */
const t = useTestApp({
  config: { PUBLIC_URL: 'https://shop.example' },
  users: { admin: { email: 'owner@example.test', role: 'admin' }, alice: 'alice@example.test' },
});
const { admin, alice } = t.users;

/**
 * A profile address for approval and refusal checks. The shop fetches a caller's profile only
 * once it is admitted; these name no server, so an admitted call ends at the profile fetch.
 */
const profileOf = (name: string) => `https://127.0.0.1/${name}/.well-known/ucp`;

/** Assistants that serve their profiles on loopback, for calls that must get through. */
const serving: ServedAssistant[] = [];
async function servedProfile(): Promise<string> {
  const assistant = await startAssistant({ webhook: false });
  serving.push(assistant);
  return assistant.profileUrl;
}
afterAll(async () => Promise.all(serving.map((a) => a.close())));

function approve(profile: string, name = 'Shopping Assistant', auth = admin) {
  return t.app.inject({ method: 'POST', url: '/api/assistants', headers: auth, payload: { profile, name } });
}

async function listed(): Promise<Assistant[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/assistants', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Assistant[]>().map((a) => assistantSchema.parse(a));
}

describe('approving an assistant', () => {
  it('answers its API key once, keeps only the key’s hash, and lists it without the key', async () => {
    const profile = profileOf('once');
    const res = await approve(profile, 'Once Assistant');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { assistant, apiKey } = approvedAssistantSchema.parse(res.json());
    expect(assistant).toMatchObject({ name: 'Once Assistant', profile, orders: 0, lastCallAt: null });
    expect(apiKey).toMatch(/^psa_[\w-]{43}$/);

    const [row] = await t.database.db.select().from(assistants).where(eq(assistants.id, assistant.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(apiKey).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(apiKey);

    const list = await t.app.inject({ method: 'GET', url: '/api/assistants', headers: admin });
    expect(list.json<Assistant[]>()).toContainEqual({ ...assistant });
    expect(list.body).not.toContain(apiKey);
    expect(list.body).not.toContain(row?.keyHash);

    expect(await assistantByApiKey(t.database.db, apiKey)).toEqual({ id: assistant.id, profile, name: assistant.name });
    expect(await assistantByApiKey(t.database.db, `${apiKey.slice(0, -1)}x`)).toBeNull();
    expect(await assistantByApiKey(t.database.db, row?.keyHash ?? '')).toBeNull();
  });

  it('takes the profile address as UCP-Agent names it, and refuses one approved already (409)', async () => {
    const res = await approve('  HTTPS://127.0.0.1/same/.well-known/ucp  ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ assistant: Assistant }>().assistant.profile).toBe(profileOf('same'));
    const again = await approve(profileOf('same'), 'Twice');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/approved already/);
  });

  it.each([
    [{ profile: 'not a url', name: 'X' }],
    [{ profile: 'ftp://files.example/ucp', name: 'X' }],
    [{ profile: profileOf('blank'), name: '   ' }],
    [{ profile: profileOf('long'), name: 'x'.repeat(101) }],
    [{ profile: profileOf('extra'), name: 'X', apiKey: 'psa_mine' }],
  ])('refuses %j with 400, approving nothing', async (payload) => {
    const before = (await listed()).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/assistants', headers: admin, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(await listed()).toHaveLength(before);
  });

  it('is for admins only', async () => {
    expect((await approve(profileOf('customer'), 'X', alice)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/assistants', headers: alice })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/assistants' })).statusCode).toBe(401);
  });
});

describe('revoking an assistant', () => {
  it('takes it off the list and stops its key; approving it again issues a new key', async () => {
    const profile = profileOf('revoked');
    const first = approvedAssistantSchema.parse((await approve(profile)).json());
    const res = await t.app.inject({ method: 'DELETE', url: `/api/assistants/${first.assistant.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listed()).map((a) => a.id)).not.toContain(first.assistant.id);
    expect(await assistantByApiKey(t.database.db, first.apiKey)).toBeNull();

    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/assistants/${first.assistant.id}`,
      headers: admin,
    });
    expect(twice.statusCode).toBe(404);
    const nothing = await t.app.inject({ method: 'DELETE', url: '/api/assistants/not-an-id', headers: admin });
    expect(nothing.statusCode).toBe(404);

    const second = approvedAssistantSchema.parse((await approve(profile)).json());
    expect(second.apiKey).not.toBe(first.apiKey);
    expect((await assistantByApiKey(t.database.db, second.apiKey))?.id).toBe(second.assistant.id);
  });
});

describe('what the list says of each assistant', () => {
  it('counts the orders it placed, names its orders as approved, and shows its last call', async () => {
    const profile = await servedProfile();
    const { assistant } = approvedAssistantSchema.parse((await approve(profile, 'Buyer Bot')).json());
    const partId = await addPart(t, { available: 5 });
    const headers = () => ucpHeaders({}, profile);
    const created = await ucp(
      t,
      'POST',
      '/checkout-sessions',
      readyCheckout(partId, 1, 'bot-buyer@example.test'),
      headers(),
    );
    const id = ucpCheckoutSchema.parse(created.json()).id;
    const done = ucpCheckoutSchema.parse(
      (await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment(), headers())).json(),
    );
    expect(done.status).toBe('completed');
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, done.order?.id ?? ''));
    expect(order?.origin).toBe('Buyer Bot');

    const entry = (await listed()).find((a) => a.id === assistant.id);
    expect(entry?.orders).toBe(1);
    expect(entry?.lastCallAt).not.toBeNull();
  });

  it('names orders placed before its approval by its approved name, and counts their calls as its last', async () => {
    const profile = await servedProfile();
    const partId = await addPart(t, { available: 5 });
    const headers = () => ucpHeaders({}, profile);
    const created = await ucp(
      t,
      'POST',
      '/checkout-sessions',
      readyCheckout(partId, 1, 'early@example.test'),
      headers(),
    );
    const id = ucpCheckoutSchema.parse(created.json()).id;
    const done = ucpCheckoutSchema.parse(
      (await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment(), headers())).json(),
    );
    const originOf = async () =>
      (
        await t.database.db
          .select({ origin: orders.origin })
          .from(orders)
          .where(eq(orders.id, done.order?.id ?? ''))
      )[0]?.origin;
    expect(await originOf()).not.toBe('Early Bot');

    const { assistant } = approvedAssistantSchema.parse((await approve(profile, 'Early Bot')).json());
    expect(await originOf()).toBe('Early Bot');
    expect(assistant).toMatchObject({ orders: 1 });
    expect(assistant.lastCallAt).not.toBeNull();
    const entry = (await listed()).find((a) => a.id === assistant.id);
    expect(entry).toMatchObject({ orders: 1, lastCallAt: assistant.lastCallAt });
  });
});

describe('the per-assistant limit', () => {
  const limited = useTestApp({ config: { RATE_LIMIT_ASSISTANT_PER_MINUTE: '3' } });

  const get = (profile: string) =>
    ucp(limited, 'GET', `/checkout-sessions/${randomUUID()}`, undefined, ucpHeaders({}, profile));

  it('answers 429 with Retry-After and the UCP error shape past the limit, for that assistant alone', async () => {
    const busy = await servedProfile();
    for (let i = 0; i < 3; i += 1) expect((await get(busy)).statusCode).toBe(404);
    const over = await get(busy);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.json()).toEqual({
      ucp: { version: '2026-04-08', status: 'error' },
      messages: [expect.objectContaining({ type: 'error', code: 'rate_limited', severity: 'unrecoverable' })],
    });
    // Another assistant, from the same address, has its own budget.
    expect((await get(await servedProfile())).statusCode).toBe(404);
  });

  it('counts the MCP tools against the same budget', async () => {
    const busy = await servedProfile();
    for (let i = 0; i < 3; i += 1) expect((await get(busy)).statusCode).toBe(404);
    const payload = Buffer.from(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_checkout', arguments: { meta: { 'ucp-agent': { profile: busy } }, id: randomUUID() } },
      }),
    );
    const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: signedFor('POST', '/api/mcp', headers, payload, busy),
      payload,
    });
    const result = res.json<{ result: { isError: boolean; structuredContent: { messages: { code: string }[] } } }>();
    expect(result.result.isError).toBe(true);
    expect(result.result.structuredContent.messages[0]?.code).toBe('rate_limited');
  });
});

describe('in production', () => {
  const owner = { email: 'owner@example.test', uid: 'owner-uid' };
  const prod = useTestApp({ config: productionEnv() });

  let partId = '';
  beforeAll(async () => {
    partId = await addPart(prod, { available: 5 });
  });

  const create = (profile: string, extra: Record<string, string> = {}) =>
    ucp(
      prod,
      'POST',
      '/checkout-sessions',
      { line_items: [{ item: { id: partId }, quantity: 1 }] },
      ucpHeaders(extra, profile),
    );

  it('refuses, before any work, a call that does not prove whose it is, even naming an approved assistant', async () => {
    const profile = profileOf('prod');
    const unproven = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toMatchObject({ messages: [{ code: 'unauthorized', content: apiMessages.assistantNoProof }] });
    };
    unproven(await create(profile));

    const { apiKey } = await approveAssistant(prod.database.db, owner, { profile, name: 'Prod Bot' });
    // A profile address is public: naming an approved one proves nothing.
    unproven(await create(profile));
    // Admitted, the call goes on to fetch the profile, which production refuses on loopback:
    // a test cannot serve a public https profile, so that refusal is what admission looks like.
    const admitted = (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_profile_url' });
    };
    admitted(await create(profile, { authorization: `Bearer ${apiKey}` }));
    admitted(await create(profile, { 'x-api-key': apiKey }));
    unproven(await create(profileOf('stranger')));
  });

  it('refuses an API key that is not the profile’s, and a revoked assistant', async () => {
    const mine = profileOf('prod-mine');
    const theirs = profileOf('prod-theirs');
    await approveAssistant(prod.database.db, owner, { profile: mine, name: 'Mine' });
    const other = await approveAssistant(prod.database.db, owner, { profile: theirs, name: 'Theirs' });
    const borrowed = await create(mine, { authorization: `Bearer ${other.apiKey}` });
    expect(borrowed.statusCode).toBe(401);
    expect(borrowed.json()).toMatchObject({
      messages: [{ code: 'unauthorized', content: 'This API key is not one the shop issued to this profile' }],
    });
    expect((await create(mine, { authorization: 'Bearer psa_made_up' })).statusCode).toBe(401);

    await revokeAssistant(prod.database.db, owner, other.assistant.id);
    expect((await create(theirs, { authorization: `Bearer ${other.apiKey}` })).statusCode).toBe(401);
  });
});
