import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { ucpCheckoutSessions } from '#api/db/schema.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { platformProfile, startAssistant, type Assistant } from '#api-test/ucp-assistant.ts';
import { readyCheckout, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';
import { loadOfficialSchemas } from '#api-test/ucp-official-schemas.ts';
import { intersectCapabilities, negotiate } from './agent-profile.ts';

/**
 * The assistant's profile, fetched from the address in its UCP-Agent header and negotiated as
 * the spec says: its protocol version, the capabilities both sides speak, and the spec's
 * codes and statuses when it cannot be read or shares nothing.
 */
const official = loadOfficialSchemas();
let client: Client;
const assistants: Assistant[] = [];

const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });
beforeAll(async () => {
  const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  client = new Client({ name: 'ucp-negotiation-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`)));
});
afterAll(async () => {
  await client.close();
  await Promise.all(assistants.map((a) => a.close()));
});

async function assistantWith(profile: (a: Assistant) => Record<string, unknown>): Promise<Assistant> {
  const assistant = await startAssistant({ webhook: false });
  // Its key stays published, so its signed calls prove it whatever else the profile says.
  assistant.profile = { ...profile(assistant), signing_keys: [assistant.key.publicJwk] };
  assistants.push(assistant);
  return assistant;
}

async function create(profileUrl: string) {
  const partId = await addPart(t, { available: 5 });
  return ucp(
    t,
    'POST',
    '/checkout-sessions',
    readyCheckout(partId),
    ucpHeaders({ 'idempotency-key': crypto.randomUUID() }, profileUrl),
  );
}

const CONTINUE = 'https://shop.example/';

describe('negotiation errors over REST', () => {
  it('answers 422 version_unsupported to a profile of another protocol version, creating nothing', async () => {
    const older = await assistantWith(() => platformProfile(null, '2026-01-11'));
    const res = await create(older.profileUrl);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'version_unsupported',
      content: 'Protocol version 2026-01-11 is not supported. This business implements version 2026-04-08.',
      continue_url: CONTINUE,
    });
    const sessions = await t.database.db
      .select()
      .from(ucpCheckoutSessions)
      .where(eq(ucpCheckoutSessions.agent, older.profileUrl));
    expect(sessions).toEqual([]);
  });

  it('answers 424 profile_unreachable when nothing answers, and 422 profile_malformed for a profile that is not one', async () => {
    const gone = await startAssistant();
    await gone.close();
    const unreachable = await create(gone.profileUrl);
    expect(unreachable.statusCode).toBe(424);
    expect(unreachable.json()).toMatchObject({ code: 'profile_unreachable', continue_url: CONTINUE });

    const odd = await assistantWith(() => ({ name: 'not a UCP profile' }));
    const malformed = await create(odd.profileUrl);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ code: 'profile_malformed', continue_url: CONTINUE });
  });

  it('answers capabilities_incompatible (200, an error_response) when the profile shares no checkout', async () => {
    const ordersOnly = await assistantWith(() => {
      const profile = platformProfile(null);
      const { 'dev.ucp.shopping.order': order } = profile.ucp.capabilities;
      return { ...profile, ucp: { ...profile.ucp, capabilities: { 'dev.ucp.shopping.order': order } } };
    });
    const res = await create(ordersOnly.profileUrl);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      ucp: { version: '2026-04-08', status: 'error', capabilities: {} },
      messages: [{ type: 'error', code: 'capabilities_incompatible', severity: 'unrecoverable' }],
      continue_url: CONTINUE,
    });
    if (official) expect(official.errorResponse(body)).toEqual([]);
  });

  it('names in its answers only the capabilities both sides speak', async () => {
    const noFulfillment = await assistantWith(() => {
      const profile = platformProfile(null);
      const { 'dev.ucp.shopping.fulfillment': _dropped, ...rest } = profile.ucp.capabilities;
      return { ...profile, ucp: { ...profile.ucp, capabilities: rest } };
    });
    const res = await create(noFulfillment.profileUrl);
    expect(res.statusCode).toBe(201);
    expect(Object.keys(ucpCheckoutSchema.parse(res.json()).ucp.capabilities ?? {})).toEqual([
      'dev.ucp.shopping.checkout',
    ]);
  });

  it('fetches a profile once for many calls at once, and keeps it', async () => {
    const busy = await assistantWith((a) => platformProfile(a.webhookUrl));
    const missing = '/checkout-sessions/019a0000-0000-7000-8000-000000000000';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ucp(t, 'GET', missing, undefined, ucpHeaders({}, busy.profileUrl))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 8 }, () => 404));
    await ucp(t, 'GET', missing, undefined, ucpHeaders({}, busy.profileUrl));
    expect(busy.profileFetches).toBe(1);
  });
});

describe('negotiation', () => {
  it('over MCP: a profile of another version is an error result with the same code', async () => {
    const older = await assistantWith(() => platformProfile(null, '2026-01-11'));
    const res = (await client.callTool({
      name: 'get_checkout',
      arguments: { meta: { 'ucp-agent': { profile: older.profileUrl } }, id: '019a0000-0000-7000-8000-000000000000' },
    })) as { structuredContent?: Record<string, unknown>; isError?: boolean };
    expect(res.isError).toBe(true);
    expect(res.structuredContent).toMatchObject({ code: 'version_unsupported', continue_url: CONTINUE });
  });

  it('in production refuses a profile over plain http, or on a private address, as invalid_profile_url', async () => {
    const local = await assistantWith((a) => platformProfile(a.webhookUrl));
    const production = { ...t.deps.config, isProduction: true };
    expect(await negotiate(production, local.profileUrl, 'checkout')).toMatchObject({
      statusCode: 400,
      body: { code: 'invalid_profile_url' },
    });
    const privateAddress = await negotiate(production, 'https://10.1.2.3/.well-known/ucp', 'checkout');
    expect(privateAddress).toMatchObject({ statusCode: 400, body: { code: 'invalid_profile_url' } });
    expect(JSON.stringify(privateAddress)).toMatch(/not a public address/);
    expect(local.profileFetches).toBe(0);
  });

  it('refuses a name that resolves to a private address in general words, naming no address it resolved to', async () => {
    const production = { ...t.deps.config, isProduction: true };
    const refused = await negotiate(production, 'https://localhost/.well-known/ucp', 'checkout');
    expect(refused).toMatchObject({ statusCode: 400, body: { code: 'invalid_profile_url' } });
    expect(JSON.stringify(refused)).toMatch(/not a public address/);
    expect(JSON.stringify(refused)).not.toMatch(/127\.0\.0\.1|::1\b/);
  });

  it('outside production refuses a private address too, and a closed port is reported without its address', async () => {
    const refused = await negotiate(t.deps.config, 'https://10.1.2.3/.well-known/ucp', 'checkout');
    expect(refused).toMatchObject({ statusCode: 400, body: { code: 'invalid_profile_url' } });
    const closed = await negotiate(t.deps.config, 'http://localhost:1/.well-known/ucp', 'checkout');
    expect(JSON.stringify(closed)).toMatch(/profile_unreachable/);
    expect(JSON.stringify(closed)).not.toMatch(/127\.0\.0\.1|::1\b|ECONNREFUSED/);
  });

  it('intersects as the spec says: the highest mutual version, and extensions without their parent pruned', () => {
    const business = {
      'dev.ucp.shopping.checkout': [{ version: '2026-01-11' }, { version: '2026-04-08' }],
      'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08', extends: 'dev.ucp.shopping.checkout' }],
      'dev.ucp.shopping.order': [{ version: '2026-04-08' }],
    };
    expect(
      intersectCapabilities(business, {
        'dev.ucp.shopping.checkout': [{ version: '2026-01-11' }, { version: '2026-04-08' }],
        'dev.ucp.shopping.order': [{ version: '2026-04-08', config: { webhook_url: 'https://a.example/hook' } }],
      }),
    ).toEqual({
      'dev.ucp.shopping.checkout': { version: '2026-04-08' },
      'dev.ucp.shopping.order': { version: '2026-04-08', config: { webhook_url: 'https://a.example/hook' } },
    });
    // No mutual checkout version: checkout goes, and its extension with it.
    expect(
      intersectCapabilities(business, {
        'dev.ucp.shopping.checkout': [{ version: '2025-12-01' }],
        'dev.ucp.shopping.fulfillment': [{ version: '2026-04-08', extends: 'dev.ucp.shopping.checkout' }],
      }),
    ).toEqual({});
  });
});
