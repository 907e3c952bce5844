import { describe, expect, it } from 'vitest';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { loadOfficialSchemas, UCP_SCHEMAS_DIR } from '#api-test/ucp-official-schemas.ts';
import { payment, readyCheckout, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';

/**
 * Every UCP answer the shop gives, checked against the official 2026-04-08 JSON Schemas read
 * in place from the folder beside the repository (test/ucp-official-schemas.ts).
 */
type BusinessProfile = {
  ucp: {
    version: string;
    services: Record<string, { transport: string; endpoint: string }[]>;
    capabilities: Record<string, unknown>;
    payment_handlers: Record<string, { id: string }[]>;
  };
  signing_keys: unknown[];
};
type Json = Record<string, unknown>;

const official = loadOfficialSchemas();
if (!official) console.warn(`Skipping the UCP schema checks: no official schemas at ${UCP_SCHEMAS_DIR}`);

describe.skipIf(!official)('UCP answers are valid against the official schemas', () => {
  const schemas = official as NonNullable<typeof official>;

  const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });

  it('the business profile at /.well-known/ucp', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/ucp' });
    expect(res.statusCode).toBe(200);
    const profile = res.json<BusinessProfile>();
    expect(schemas.businessProfile(profile)).toEqual([]);
    expect(profile.ucp.version).toBe('2026-04-08');
    expect(profile.ucp.services['dev.ucp.shopping']?.map((s) => [s.transport, s.endpoint])).toEqual([
      ['rest', 'https://shop.example/api/ucp'],
      ['mcp', 'https://shop.example/api/mcp'],
    ]);
    expect(Object.keys(profile.ucp.capabilities)).toEqual([
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.fulfillment',
      'dev.ucp.shopping.order',
      'dev.ucp.shopping.catalog.search',
      'dev.ucp.shopping.catalog.lookup',
    ]);
    expect(profile.ucp.payment_handlers['dev.mock.payment_handler']?.[0]?.id).toBe('mock_payment_handler');
    expect(profile.signing_keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    // A profile that lost its payment handlers is refused by the official schema: the check bites.
    expect(schemas.businessProfile({ ...profile, ucp: { ...profile.ucp, payment_handlers: undefined } })).not.toEqual(
      [],
    );
  });

  it('a checkout session through every state, and a session that is not there', async () => {
    const partId = await addPart(t, { available: 5, priceCents: 4_999 });
    const answers: Json[] = [];
    const created = await ucp(t, 'POST', '/checkout-sessions', { line_items: [{ item: { id: partId }, quantity: 2 }] });
    expect(created.statusCode).toBe(201);
    answers.push(created.json<Json>());
    const id = created.json<{ id: string }>().id;
    const updated = await ucp(t, 'PUT', `/checkout-sessions/${id}`, readyCheckout(partId, 2));
    answers.push(updated.json<Json>());
    expect(updated.json<Json>().status).toBe('ready_for_complete');
    const declined = await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment('fail_token'));
    answers.push(declined.json<Json>());
    const completed = await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment());
    answers.push(completed.json<Json>());
    expect(completed.json<Json>().status).toBe('completed');
    answers.push((await ucp(t, 'GET', `/checkout-sessions/${id}`)).json<Json>());

    const other = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1));
    answers.push((await ucp(t, 'POST', `/checkout-sessions/${other.json<{ id: string }>().id}/cancel`)).json<Json>());
    const missing = await ucp(
      t,
      'GET',
      '/checkout-sessions/019a0000-0000-7000-8000-000000000000',
      undefined,
      ucpHeaders(),
    );
    expect(missing.statusCode).toBe(404);
    expect(schemas.errorResponse(missing.json<Json>())).toEqual([]);
    answers.push(missing.json<Json>());

    for (const answer of answers) expect(schemas.checkoutResponse(answer)).toEqual([]);

    const orderId = completed.json<{ order: { id: string } }>().order.id;
    const admin = await t.signIn('owner@example.test', 'admin');
    const orderAnswers = [(await ucp(t, 'GET', `/orders/${orderId}`)).json<Json>()];
    await t.app.inject({
      method: 'PATCH',
      url: `/api/shipped/${orderId}`,
      headers: admin,
      payload: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin,
      payload: { amount: '10.00', reason: 'Late' },
    });
    orderAnswers.push((await ucp(t, 'GET', `/orders/${orderId}`)).json<Json>());
    expect(orderAnswers[1]?.adjustments).toHaveLength(1);
    for (const answer of orderAnswers) expect(schemas.order(answer)).toEqual([]);
    // Totals without their one subtotal are refused by the official schema: the check bites.
    const done = completed.json<{ totals: { type: string }[] }>();
    const broken = { ...done, totals: done.totals.filter((x) => x.type !== 'subtotal') };
    expect(schemas.checkout(broken)).not.toEqual([]);
  });
});
