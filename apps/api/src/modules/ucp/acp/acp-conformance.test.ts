import { describe, expect, it } from 'vitest';
import { acp, ACP_ADDRESS, paymentData, readySession } from '#api-test/acp-fixtures.ts';
import { ACP_SCHEMAS_DIR, loadAcpSchemas } from '#api-test/acp-official-schema.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

/**
 * Every ACP answer the shop gives, and the requests the tests send, checked against the official
 * 2026-04-17 JSON Schema read in place from beside the repository (test/acp-official-schema.ts).
 */
type Json = Record<string, unknown>;

const official = loadAcpSchemas();
if (!official) console.warn(`Skipping the ACP schema checks: no official schema at ${ACP_SCHEMAS_DIR}`);

describe.skipIf(!official)('ACP answers are valid against the official schema', () => {
  const schemas = official as NonNullable<typeof official>;

  const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });

  it('the discovery document at /.well-known/acp.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/acp.json' });
    expect(res.statusCode).toBe(200);
    expect(schemas.DiscoveryResponse(res.json())).toEqual([]);
    expect(res.json()).toMatchObject({
      protocol: { name: 'acp', version: '2026-04-17' },
      api_base_url: 'https://shop.example/api/acp',
    });
  });

  it('a session through every state, its requests, and the errors', async () => {
    const partId = await addPart(t, { available: 5, priceCents: 4_999 });
    const sessions: Json[] = [];
    const requests: [keyof typeof schemas, Json][] = [];
    const post = async (path: string, schema: keyof typeof schemas, body: Json) => {
      requests.push([schema, body]);
      return acp(t, 'POST', path, body);
    };
    const created = await post('/checkout_sessions', 'CheckoutSessionCreateRequest', {
      currency: 'usd',
      capabilities: {},
      line_items: [{ id: partId }, { id: partId }],
    });
    expect(created.statusCode).toBe(201);
    sessions.push(created.json<Json>());
    const id = created.json<{ id: string }>().id;
    const updated = await post(`/checkout_sessions/${id}`, 'CheckoutSessionUpdateRequest', {
      buyer: { email: 'ada@example.test', first_name: 'Ada' },
      fulfillment_details: { name: 'Ada Lovelace', address: ACP_ADDRESS },
      selected_fulfillment_options: [{ type: 'shipping', option_id: 'standard', item_ids: ['li_1'] }],
    });
    expect(updated.json<Json>().status).toBe('ready_for_payment');
    sessions.push(updated.json<Json>());
    const declined = await post(`/checkout_sessions/${id}/complete`, 'CheckoutSessionCompleteRequest', {
      ...paymentData('fail_token'),
    });
    sessions.push(declined.json<Json>());
    const completed = await post(`/checkout_sessions/${id}/complete`, 'CheckoutSessionCompleteRequest', {
      ...paymentData(),
    });
    expect(completed.json<Json>().status).toBe('completed');
    expect(schemas.CheckoutSessionWithOrder(completed.json())).toEqual([]);
    sessions.push((await acp(t, 'GET', `/checkout_sessions/${id}`)).json<Json>());
    const other = (await post('/checkout_sessions', 'CheckoutSessionCreateRequest', readySession(partId))).json<Json>();
    sessions.push((await acp(t, 'POST', `/checkout_sessions/${String(other.id)}/cancel`, {})).json<Json>());

    for (const session of sessions) expect(schemas.CheckoutSession(session)).toEqual([]);
    for (const [schema, body] of requests) expect(schemas[schema](body)).toEqual([]);

    const errors = [
      await acp(t, 'GET', '/checkout_sessions/019a0000-0000-7000-8000-000000000000'),
      await acp(t, 'POST', `/checkout_sessions/${id}/cancel`, {}),
      await acp(t, 'POST', '/checkout_sessions', { currency: 'usd', line_items: [{ id: 'nope' }] }),
      await t.app.inject({ method: 'GET', url: `/api/acp/checkout_sessions/${id}` }),
    ];
    expect(errors.map((e) => e.statusCode)).toEqual([404, 405, 400, 401]);
    for (const error of errors) expect(schemas.Error(error.json())).toEqual([]);
    // A session without its required capabilities is refused by the official schema: the check bites.
    const { capabilities: _capabilities, ...broken } = sessions[0] as Json;
    expect(schemas.CheckoutSession(broken)).not.toEqual([]);
  });
});
