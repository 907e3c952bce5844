import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acpCheckoutSessionSchema, type AcpCheckoutSession } from '@parts-shop/shared/acp';
import { formatOrderNumber } from '@parts-shop/shared/order';
import { assistants, emailOutbox, orders, ucpCheckoutSessions, ucpIdempotencyKeys } from '#api/db/schema.ts';
import { apiKeyHash, newApiKey } from '#api/domain/assistants/approved-assistants.ts';
import { newId } from '#api/lib/ids.ts';
import { acp, acpHeaders, ACP_ADDRESS, paymentData, readySession } from '#api-test/acp-fixtures.ts';
import { productionEnv } from '#api-test/production-env.ts';
import { addPart, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { AGENT, OTHER_AGENT, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';

/**
 * Checkout sessions over ACP 2026-04-17, as an agent drives them: the same sessions, placement
 * and payment as UCP's, in ACP's routes, shapes, status values, errors and headers.
 */
const t = useTestApp({ config: { PUBLIC_URL: 'https://shop.example' } });

const session = (res: { json: () => unknown }): AcpCheckoutSession => acpCheckoutSessionSchema.parse(res.json());
const ordersOf = (email: string) => t.database.db.select().from(orders).where(eq(orders.email, email));
const sessionCount = async () => (await t.database.db.select().from(ucpCheckoutSessions)).length;

describe('an ACP checkout session', () => {
  it('is created with 201, the catalog’s prices in cents, and says in ACP’s words what is missing', async () => {
    const partId = await addPart(t, { name: 'Ryzen 5 7600', priceCents: 19_999, available: 4 });
    const headers = acpHeaders({ 'idempotency-key': 'create-1' });
    const res = await acp(
      t,
      'POST',
      '/checkout_sessions',
      { currency: 'usd', capabilities: {}, line_items: [{ id: partId, unit_amount: 1 }, { id: partId }] },
      headers,
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['request-id']).toBe(headers['request-id']);
    expect(res.headers['idempotency-key']).toBe('create-1');
    const body = session(res);
    expect(body.status).toBe('not_ready_for_payment');
    expect(body.protocol.version).toBe('2026-04-17');
    expect(body.currency).toBe('usd');
    expect(body.line_items).toEqual([
      expect.objectContaining({
        id: 'li_1',
        item: { id: partId },
        quantity: 2,
        name: 'Ryzen 5 7600',
        unit_amount: 19_999,
      }),
    ]);
    expect(body.totals.find((x) => x.type === 'total')?.amount).toBe(39_998);
    expect(body.messages.map((m) => [m.type, m.code, m.param])).toEqual([
      ['error', 'missing', '$.buyer.email'],
      ['error', 'missing', '$.fulfillment_details.address'],
    ]);
    expect(body.capabilities.payment.handlers.map((h) => [h.id, h.name])).toEqual([
      ['mock_payment_handler', 'dev.mock.payment_handler'],
    ]);
    expect(body.links.map((l) => l.type)).toEqual(['terms_of_use', 'privacy_policy', 'return_policy']);
    expect(await stockOf(t, partId)).toBe(4);
  });

  it('is updated field by field: what a request leaves out stays, what it sends as null is cleared', async () => {
    const partId = await addPart(t, { priceCents: 1_000 });
    const id = session(
      await acp(t, 'POST', '/checkout_sessions', { currency: 'USD', line_items: [{ id: partId, quantity: 3 }] }),
    ).id;
    const withEmail = session(
      await acp(t, 'POST', `/checkout_sessions/${id}`, { buyer: { email: 'ada@example.test' } }),
    );
    expect(withEmail.status).toBe('not_ready_for_payment');
    expect(withEmail.line_items[0]?.quantity).toBe(3);

    const ready = session(
      await acp(t, 'POST', `/checkout_sessions/${id}`, {
        fulfillment_details: { name: 'Ada Lovelace', phone_number: '+44 20 7946 0000', address: ACP_ADDRESS },
        selected_fulfillment_options: [{ type: 'shipping', option_id: 'standard', item_ids: ['li_1'] }],
      }),
    );
    expect(ready.status).toBe('ready_for_payment');
    expect(ready.messages).toEqual([]);
    expect(ready.buyer?.email).toBe('ada@example.test');
    expect(ready.fulfillment_details?.address).toEqual(ACP_ADDRESS);
    expect(ready.selected_fulfillment_options).toEqual([
      { type: 'shipping', option_id: 'standard', item_ids: ['li_1'] },
    ]);
    expect(ready.totals.find((x) => x.type === 'total')?.amount).toBe(3_000);

    const unknownOption = session(
      await acp(t, 'POST', `/checkout_sessions/${id}`, {
        selected_fulfillment_options: [{ type: 'shipping', option_id: 'overnight', item_ids: ['li_1'] }],
      }),
    );
    expect(unknownOption.messages.map((m) => [m.code, m.param])).toEqual([
      ['invalid', '$.selected_fulfillment_options'],
    ]);

    const cleared = session(await acp(t, 'POST', `/checkout_sessions/${id}`, { fulfillment_details: null }));
    expect(cleared.status).toBe('not_ready_for_payment');
    expect(cleared.buyer?.email).toBe('ada@example.test');
    expect(cleared.fulfillment_details?.address).toBeUndefined();
    expect(session(await acp(t, 'GET', `/checkout_sessions/${id}`)).status).toBe('not_ready_for_payment');
  });

  it('refuses what it cannot sell or price with the protocol’s error, creating nothing', async () => {
    const partId = await addPart(t);
    const before = await sessionCount();
    const unknown = await acp(t, 'POST', '/checkout_sessions', { currency: 'usd', line_items: [{ id: 'nope' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ type: 'invalid_request', code: 'invalid_item_id' });
    const euros = await acp(t, 'POST', '/checkout_sessions', { currency: 'eur', line_items: [{ id: partId }] });
    expect(euros.statusCode).toBe(400);
    expect(euros.json()).toMatchObject({ type: 'invalid_request', code: 'invalid', param: '$.currency' });
    const malformed = await acp(t, 'POST', '/checkout_sessions', { currency: 'usd', line_items: [] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ type: 'invalid_request', param: '$.line_items' });
    expect(await sessionCount()).toBe(before);
    const missing = await acp(t, 'GET', '/checkout_sessions/019a0000-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ type: 'invalid_request', code: 'not_found' });
  });
});

describe('complete over ACP', () => {
  it('places and pays one ordinary order with the mock handler’s success_token', async () => {
    const partId = await addPart(t, { name: 'ACP GPU', priceCents: 50_000, available: 3 });
    const email = 'acp-buyer@example.test';
    const id = session(await acp(t, 'POST', '/checkout_sessions', readySession(partId, 2, email))).id;
    const res = await acp(t, 'POST', `/checkout_sessions/${id}/complete`, paymentData());
    expect(res.statusCode).toBe(200);
    const done = session(res);
    expect(done.status).toBe('completed');
    const placed = await ordersOf(email);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ paid: true, totalCents: 100_000 });
    expect(done.order).toEqual({
      id: placed[0]?.id,
      checkout_session_id: id,
      order_number: formatOrderNumber(placed[0]?.number ?? 0),
      permalink_url: `https://shop.example/dashboard/orders/${placed[0]?.id}`,
    });
    expect(await stockOf(t, partId)).toBe(1);
    // Placed and paid in one step: one email, the confirmation with the receipt in it.
    const mailed = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.orderId, placed[0]?.id ?? ''));
    expect(mailed.map((e) => e.kind)).toEqual(['order-confirmed']);
    expect(session(await acp(t, 'GET', `/checkout_sessions/${id}`)).order?.id).toBe(placed[0]?.id);
  });

  it('takes the buyer the complete request names', async () => {
    const partId = await addPart(t);
    const id = session(
      await acp(t, 'POST', '/checkout_sessions', {
        currency: 'usd',
        line_items: [{ id: partId }],
        fulfillment_details: { name: 'Ada Lovelace', address: ACP_ADDRESS },
      }),
    ).id;
    const done = session(
      await acp(t, 'POST', `/checkout_sessions/${id}/complete`, {
        buyer: { email: 'late-buyer@example.test', first_name: 'Ada' },
        ...paymentData(),
      }),
    );
    expect(done.status).toBe('completed');
    expect(await ordersOf('late-buyer@example.test')).toHaveLength(1);
  });

  it('answers a declined card with payment_declined, holding nothing, and the next try pays one order', async () => {
    const partId = await addPart(t, { available: 5 });
    const email = 'acp-declined@example.test';
    const id = session(await acp(t, 'POST', '/checkout_sessions', readySession(partId, 1, email))).id;
    const declined = await acp(t, 'POST', `/checkout_sessions/${id}/complete`, paymentData('fail_token'));
    expect(declined.statusCode).toBe(200);
    const body = session(declined);
    expect(body.status).toBe('ready_for_payment');
    expect(body.messages).toEqual([
      expect.objectContaining({ type: 'error', code: 'payment_declined', param: '$.payment_data' }),
    ]);
    expect(body.order).toBeUndefined();
    const paid = session(await acp(t, 'POST', `/checkout_sessions/${id}/complete`, paymentData()));
    expect(paid.status).toBe('completed');
    const placed = (await ordersOf(email)).filter((o) => o.cancelledAt === null);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.paid).toBe(true);
    expect(await stockOf(t, partId)).toBe(4);
  });

  it('cancels an open session, and answers 405 for one already canceled or completed', async () => {
    const partId = await addPart(t, { available: 5 });
    const id = session(await acp(t, 'POST', '/checkout_sessions', readySession(partId))).id;
    const canceled = await acp(t, 'POST', `/checkout_sessions/${id}/cancel`, {
      intent_trace: { reason_code: 'price_sensitivity' },
    });
    expect(canceled.statusCode).toBe(200);
    expect(session(canceled).status).toBe('canceled');
    const again = await acp(t, 'POST', `/checkout_sessions/${id}/cancel`);
    expect(again.statusCode).toBe(405);
    expect(again.json()).toMatchObject({ type: 'invalid_request', code: 'not_cancelable' });

    const other = session(await acp(t, 'POST', '/checkout_sessions', readySession(partId))).id;
    await acp(t, 'POST', `/checkout_sessions/${other}/complete`, paymentData());
    expect((await acp(t, 'POST', `/checkout_sessions/${other}/cancel`, {})).statusCode).toBe(405);
    expect(await stockOf(t, partId)).toBe(4);
  });
});

describe('Idempotency-Key over ACP', () => {
  it('replays the same body (in any key order) with the stored answer, and refuses another body with 422', async () => {
    const partId = await addPart(t);
    const headers = acpHeaders({ 'idempotency-key': 'acp-key-replay' });
    const before = await sessionCount();
    const first = await acp(
      t,
      'POST',
      '/checkout_sessions',
      { currency: 'usd', line_items: [{ id: partId }] },
      headers,
    );
    const again = await acp(
      t,
      'POST',
      '/checkout_sessions',
      { line_items: [{ id: partId }], currency: 'usd' },
      headers,
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await sessionCount()).toBe(before + 1);

    const other = await acp(
      t,
      'POST',
      '/checkout_sessions',
      { currency: 'usd', line_items: [{ id: partId }, { id: partId }] },
      headers,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ type: 'invalid_request', code: 'idempotency_conflict' });
    expect(await sessionCount()).toBe(before + 1);
  });

  it('completes once for a repeated complete, and keeps a key apart on another endpoint', async () => {
    const partId = await addPart(t, { available: 5 });
    const email = 'acp-repeat@example.test';
    const id = session(await acp(t, 'POST', '/checkout_sessions', readySession(partId, 1, email))).id;
    const headers = acpHeaders({ 'idempotency-key': 'acp-key-complete' });
    const first = await acp(t, 'POST', `/checkout_sessions/${id}/complete`, paymentData(), headers);
    const again = await acp(t, 'POST', `/checkout_sessions/${id}/complete`, paymentData(), headers);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(email)).toHaveLength(1);
    expect(await stockOf(t, partId)).toBe(4);
    // The same key on the update endpoint is another request's key, not a conflict.
    const update = await acp(t, 'POST', `/checkout_sessions/${id}`, {}, headers);
    expect(update.statusCode).toBe(200);
  });

  it('answers 409 idempotency_in_flight with Retry-After while the first request with the key still runs', async () => {
    const partId = await addPart(t);
    const body = { currency: 'usd', line_items: [{ id: partId }] };
    const headers = acpHeaders({ 'ucp-agent': `profile="${AGENT}"`, 'idempotency-key': 'acp-key-in-flight' });
    // The claim the first request holds until its answer is stored: the key, its body, no answer yet.
    await t.database.db.insert(ucpIdempotencyKeys).values({
      agent: `acp ${AGENT} POST /api/acp/checkout_sessions`,
      key: 'acp-key-in-flight',
      requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex'),
    });
    const before = await sessionCount();
    const res = await acp(t, 'POST', '/checkout_sessions', body, headers);
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ type: 'invalid_request', code: 'idempotency_in_flight' });
    expect(await sessionCount()).toBe(before);
  });

  it('requires the key on every POST', async () => {
    const partId = await addPart(t);
    const before = await sessionCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/acp/checkout_sessions',
      headers: acpHeaders(),
      payload: { currency: 'usd', line_items: [{ id: partId }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'invalid_request', code: 'idempotency_key_required' });
    expect(await sessionCount()).toBe(before);
  });
});

describe('API-Version', () => {
  it('is required, and only 2026-04-17 is taken; the refusal lists the versions the shop speaks', async () => {
    const partId = await addPart(t);
    const before = await sessionCount();
    const { 'api-version': _version, ...withoutVersion } = acpHeaders();
    const missing = await acp(
      t,
      'POST',
      '/checkout_sessions',
      { currency: 'usd', line_items: [{ id: partId }] },
      withoutVersion,
    );
    expect(missing.statusCode).toBe(400);
    const { message, ...refusal } = missing.json<{ message: string }>();
    expect(refusal).toEqual({
      type: 'invalid_request',
      code: 'missing_api_version',
      supported_versions: ['2026-04-17'],
    });
    expect(message).toContain('API-Version');
    const old = await acp(
      t,
      'POST',
      '/checkout_sessions',
      { currency: 'usd', line_items: [{ id: partId }] },
      acpHeaders({ 'api-version': '2026-01-30' }),
    );
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'unsupported_api_version', supported_versions: ['2026-04-17'] });
    expect(await sessionCount()).toBe(before);
  });
});

describe('who may call over ACP', () => {
  it('needs a bearer key even on the embedded default; a session is its caller’s alone', async () => {
    const partId = await addPart(t);
    const { authorization: _auth, ...withoutKey } = acpHeaders();
    const res = await acp(
      t,
      'POST',
      '/checkout_sessions',
      { currency: 'usd', line_items: [{ id: partId }] },
      withoutKey,
    );
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toMatchObject({ type: 'invalid_request', code: 'unauthorized' });

    const id = session(await acp(t, 'POST', '/checkout_sessions', readySession(partId))).id;
    const stranger = await acp(t, 'GET', `/checkout_sessions/${id}`, undefined, acpHeaders({}, 'another_key'));
    expect(stranger.statusCode).toBe(404);
  });

  it('shares its sessions with UCP: the same assistant reads and completes over one what it began over the other', async () => {
    const partId = await addPart(t, { available: 5 });
    const asAssistant = () => acpHeaders({ 'ucp-agent': `profile="${AGENT}"` });
    const id = session(await acp(t, 'POST', '/checkout_sessions', readySession(partId, 2), asAssistant())).id;
    const overUcp = await ucp(t, 'GET', `/checkout-sessions/${id}`);
    expect(overUcp.statusCode).toBe(200);
    expect(overUcp.json()).toMatchObject({ id, status: 'ready_for_complete', line_items: [{ quantity: 2 }] });
    const byAnother = await ucp(t, 'GET', `/checkout-sessions/${id}`, undefined, ucpHeaders({}, OTHER_AGENT));
    expect(byAnother.statusCode).toBe(404);

    const ucpId = (
      await ucp(t, 'POST', '/checkout-sessions', { line_items: [{ item: { id: partId }, quantity: 1 }] })
    ).json<{ id: string }>().id;
    const overAcp = await acp(t, 'GET', `/checkout_sessions/${ucpId}`, undefined, asAssistant());
    expect(overAcp.statusCode).toBe(200);
    expect(session(overAcp).status).toBe('not_ready_for_payment');
    const done = await acp(t, 'POST', `/checkout_sessions/${id}/complete`, paymentData(), asAssistant());
    expect(session(done).status).toBe('completed');
    expect((await ucp(t, 'GET', `/checkout-sessions/${id}`)).json()).toMatchObject({ status: 'completed' });
  });
});

describe('ACP in production', () => {
  const prod = useTestApp({ config: productionEnv() });

  it('takes only an approved assistant’s key: none, or any other, is 401 and changes nothing', async () => {
    const partId = await addPart(prod);
    const body = { currency: 'usd', line_items: [{ id: partId }] };
    const { authorization: _auth, ...withoutKey } = acpHeaders();
    const none = await acp(prod, 'POST', '/checkout_sessions', body, withoutKey);
    expect(none.statusCode).toBe(401);
    const wrong = await acp(prod, 'POST', '/checkout_sessions', body, acpHeaders({}, 'not_an_approved_key'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ type: 'invalid_request', code: 'unauthorized' });
    expect((await prod.database.db.select().from(ucpCheckoutSessions)).length).toBe(0);
  });

  it('takes an approved assistant’s key as that assistant, under its approved name', async () => {
    const apiKey = newApiKey();
    await prod.database.db.insert(assistants).values({
      id: newId(),
      profile: AGENT,
      name: 'Approved Assistant',
      keyHash: apiKeyHash(apiKey),
      approvedBy: 'owner@example.test',
    });
    const partId = await addPart(prod);
    const res = await acp(
      prod,
      'POST',
      '/checkout_sessions',
      { currency: 'usd', line_items: [{ id: partId }] },
      acpHeaders({}, apiKey),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await prod.database.db
      .select()
      .from(ucpCheckoutSessions)
      .where(eq(ucpCheckoutSessions.id, session(res).id));
    expect(row).toMatchObject({ agent: AGENT, agentName: 'Approved Assistant' });
  });
});
