import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order } from '@parts-shop/shared/order';
import { ucpCheckoutSchema, type UcpCheckout } from '@parts-shop/shared/ucp';
import { emailOutbox, orders, parts, ucpCheckoutSessions } from '#api/db/schema.ts';
import { renderOrderEmail, type OrderEmailPayload } from '#api/domain/emails/order-email-templates.ts';
import { dueEmails } from '#api/domain/emails/outbox.repo.ts';
import { addPart, orderRow, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { AGENT, AGENT_NAME, OTHER_AGENT, payment, readyCheckout, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';

/**
 * Checkout sessions over the UCP REST binding, as an assistant drives them: what a session
 * answers at each step, and that complete places and pays exactly one ordinary order.
 */
const t = useTestApp({
  config: { PUBLIC_URL: 'https://shop.example' },
  users: { admin: { email: 'boss@example.test', role: 'admin' } },
});
const { admin } = t.users;

/** The answer as the shop's own schema reads it: every checkout answer has this shape. */
const checkout = (res: { json: () => unknown }): UcpCheckout => ucpCheckoutSchema.parse(res.json());

const ordersOf = (email: string) => t.database.db.select().from(orders).where(eq(orders.email, email));

describe('a checkout session', () => {
  it('answers 201 with the shop’s prices in cents, one subtotal and one total, and says what is missing', async () => {
    const partId = await addPart(t, { name: 'Ryzen 5 7600', priceCents: 19_999, available: 4 });
    const res = await ucp(t, 'POST', '/checkout-sessions', {
      line_items: [{ item: { id: partId, title: 'Free CPU', price: 1 }, quantity: 2 }],
    });
    expect(res.statusCode).toBe(201);
    const body = checkout(res);
    expect(body.status).toBe('incomplete');
    expect(body.line_items[0]).toMatchObject({
      id: 'li_1',
      item: { id: partId, title: 'Ryzen 5 7600', price: 19_999 },
      quantity: 2,
    });
    expect(body.totals.filter((x) => x.type === 'subtotal')).toEqual([
      { type: 'subtotal', display_text: 'Subtotal', amount: 39_998 },
    ]);
    expect(body.totals.filter((x) => x.type === 'total').map((x) => x.amount)).toEqual([39_998]);
    expect(body.messages.map((m) => [m.code, m.path])).toEqual([
      ['missing', '$.buyer.email'],
      ['missing', '$.fulfillment.methods[0].destinations'],
    ]);
    expect(body.links.map((l) => [l.type, l.url])).toEqual([
      ['terms_of_service', 'https://shop.example/terms'],
      ['privacy_policy', 'https://shop.example/privacy'],
      ['refund_policy', 'https://shop.example/returns'],
    ]);
    for (const link of body.links) {
      const page = await t.app.inject({ url: new URL(link.url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<h1>${link.title}</h1>`);
    }
    const hoursLeft = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(5.9);
    expect(hoursLeft).toBeLessThanOrEqual(6);
    // A session holds no stock.
    expect(await stockOf(t, partId)).toBe(4);
  });

  it('becomes ready once the email and a destination are known, and a PUT replaces it whole', async () => {
    const partId = await addPart(t, { priceCents: 1_000 });
    const id = checkout(
      await ucp(t, 'POST', '/checkout-sessions', { line_items: [{ item: { id: partId }, quantity: 1 }] }),
    ).id;
    const ready = checkout(await ucp(t, 'PUT', `/checkout-sessions/${id}`, readyCheckout(partId, 3)));
    expect(ready.status).toBe('ready_for_complete');
    expect(ready.messages).toEqual([]);
    expect(ready.fulfillment.methods[0]?.selected_destination_id).toBe('dest_1');
    // A shop with no shipping settings ships free to its home country: its one option, chosen as the cheapest.
    expect(ready.fulfillment.methods[0]?.groups[0]?.selected_option_id).toBe('standard');
    expect(ready.fulfillment.methods[0]?.groups[0]?.options.map((o) => o.title)).toEqual(['Standard (Free)']);
    expect(ready.totals.find((x) => x.type === 'total')?.amount).toBe(3_000);

    const withoutBuyer = checkout(
      await ucp(t, 'PUT', `/checkout-sessions/${id}`, {
        line_items: [{ id: 'li_1', item: { id: partId }, quantity: 1 }],
      }),
    );
    expect(withoutBuyer.status).toBe('incomplete');
    expect(withoutBuyer.line_items[0]?.id).toBe('li_1');
    expect(withoutBuyer.buyer).toEqual({});
    expect(checkout(await ucp(t, 'GET', `/checkout-sessions/${id}`)).status).toBe('incomplete');
  });

  it('names a line the shelf is short of, and an item the shop does not sell, as recoverable errors', async () => {
    const partId = await addPart(t, { available: 2 });
    const res = await ucp(t, 'POST', '/checkout-sessions', {
      ...readyCheckout(partId, 3),
      line_items: [
        { item: { id: partId }, quantity: 3 },
        { item: { id: 'no-such-part' }, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = checkout(res);
    expect(body.status).toBe('incomplete');
    expect(body.messages).toEqual([
      expect.objectContaining({
        type: 'error',
        code: 'out_of_stock',
        path: '$.line_items[0]',
        severity: 'recoverable',
      }),
      expect.objectContaining({
        type: 'error',
        code: 'item_unavailable',
        path: '$.line_items[1]',
        severity: 'recoverable',
      }),
    ]);
  });

  it('is another assistant’s to nobody: a session it did not make is not found', async () => {
    const partId = await addPart(t);
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId))).id;
    const other = await ucp(t, 'GET', `/checkout-sessions/${id}`, undefined, ucpHeaders({}, OTHER_AGENT));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found' }] });
  });

  it('refuses a call without UCP-Agent or Request-Id, changing nothing', async () => {
    const partId = await addPart(t);
    const before = (await t.database.db.select().from(ucpCheckoutSessions)).length;
    const noAgent = await t.app.inject({
      method: 'POST',
      url: '/api/ucp/checkout-sessions',
      headers: { 'request-id': 'r1' },
      payload: readyCheckout(partId),
    });
    expect(noAgent.statusCode).toBe(400);
    expect(noAgent.json()).toMatchObject({ messages: [{ code: 'invalid_profile_url' }] });
    const noRequestId = await t.app.inject({
      method: 'POST',
      url: '/api/ucp/checkout-sessions',
      headers: { 'ucp-agent': `profile="${AGENT}"` },
      payload: readyCheckout(partId),
    });
    expect(noRequestId.statusCode).toBe(400);
    expect((await t.database.db.select().from(ucpCheckoutSessions)).length).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeated write with the stored answer, and the key with another body 409', async () => {
    const partId = await addPart(t);
    const headers = ucpHeaders({ 'idempotency-key': '5b8f3c1e-8a4b-4f7e-9d8e-000000000001' });
    const first = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId), headers);
    const again = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const made = await t.database.db
      .select()
      .from(ucpCheckoutSessions)
      .where(eq(ucpCheckoutSessions.id, first.json<{ id: string }>().id));
    expect(made).toHaveLength(1);

    const other = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 2), headers);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'idempotency_conflict' }] });
  });

  it('completes once for a repeated complete: one order, the same answer', async () => {
    const partId = await addPart(t, { available: 5 });
    const email = 'repeat@example.test';
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, email))).id;
    const headers = ucpHeaders({ 'idempotency-key': '5b8f3c1e-8a4b-4f7e-9d8e-000000000002' });
    const first = await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment(), headers);
    // Another key finds the session completed; the first key's replay still gets its own answer.
    const late = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment()));
    expect(late.messages.map((m) => m.code)).toEqual(['invalid_status']);
    const again = await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment(), headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(checkout(again).messages).toEqual([]);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(email)).toHaveLength(1);
    expect(await stockOf(t, partId)).toBe(4);
  });
});

describe('complete', () => {
  it('places and pays one order with its lines, which Manage Orders shows with its assistant and ships like any other', async () => {
    const cpu = await addPart(t, { name: 'Assistant CPU', priceCents: 20_000, available: 3 });
    const fan = await addPart(t, { name: 'Assistant fan', priceCents: 2_500, available: 9 });
    const email = 'buyer@example.test';
    const body = readyCheckout(cpu, 1, email);
    body.line_items.push({ item: { id: fan }, quantity: 2 });
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', body)).id;

    const res = await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment());
    expect(res.statusCode).toBe(200);
    const done = checkout(res);
    expect(done.status).toBe('completed');
    const orderId = done.order?.id as string;
    expect(done.order).toMatchObject({ permalink_url: `https://shop.example/dashboard/orders/${orderId}` });

    const placed = await ordersOf(email);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ id: orderId, paid: true, totalCents: 25_000, origin: AGENT_NAME });
    expect(await stockOf(t, cpu)).toBe(2);
    expect(await stockOf(t, fan)).toBe(7);
    // One email for an order placed and paid in one step: the confirmation, with the receipt in it.
    const mailed = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
    expect(mailed.map((e) => e.kind)).toEqual(['order-confirmed']);
    const [confirmation] = mailed;
    const text = renderOrderEmail(confirmation?.payload as OrderEmailPayload, 'https://shop.example').text;
    expect(text).toContain('this email is your receipt');
    expect(text).toContain(`Transaction: ${placed[0]?.transactionId}`);
    // The buyer has no verified account, yet the assistant's order is mailed to them.
    expect((await dueEmails(t.database.db, 1000, 1000)).map((e) => e.id)).toContain(confirmation?.id);

    const listed = await t.app.inject({ url: `/api/allorders?customer=${email}`, headers: admin });
    const order = listed.json<Order[]>()[0];
    expect(order).toMatchObject({ _id: orderId, origin: AGENT_NAME, status: 'paid' });
    expect(order?.lines.map((l) => [l.productName, l.quantity])).toEqual([
      ['Assistant CPU', 1],
      ['Assistant fan', 2],
    ]);
    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/shipped/${orderId}`,
      headers: admin,
      payload: {},
    });
    expect(shipped.statusCode).toBe(200);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin,
      payload: { amount: '25.00', reason: 'Fan arrived bent' },
    });
    expect(refunded.statusCode).toBe(201);

    // Completing again answers as any change to a closed session does; nothing more is placed.
    const again = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment()));
    expect(again).toMatchObject({ status: 'completed', order: { id: orderId } });
    expect(again.messages.map((m) => m.code)).toEqual(['invalid_status']);
    expect(await ordersOf(email)).toHaveLength(1);
  });

  it('answers payment_failed for a declined card, holding no stock and sending nothing, and the next try pays', async () => {
    const partId = await addPart(t, { available: 5, priceCents: 3_000 });
    const email = 'declined@example.test';
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 2, email))).id;

    const declined = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment('fail_token')));
    expect(declined.status).toBe('ready_for_complete');
    expect(declined.order).toBeUndefined();
    expect(declined.messages).toEqual([
      expect.objectContaining({
        type: 'error',
        code: 'payment_failed',
        path: '$.payment.instruments[0]',
        severity: 'recoverable',
      }),
    ]);
    // The declined try held nothing and told the buyer nothing: its order ended as it was placed.
    expect(await stockOf(t, partId)).toBe(5);
    const tried = await ordersOf(email);
    expect(tried.map((o) => [o.paid, o.cancelReason])).toEqual([[false, 'Payment declined']]);
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).toEqual([]);

    const paid = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment('4242424242424242')));
    expect(paid.status).toBe('completed');
    const live = (await ordersOf(email)).filter((o) => o.cancelledAt === null);
    expect(live.map((o) => [o.id, o.paid])).toEqual([[paid.order?.id, true]]);
    expect(await stockOf(t, partId)).toBe(3);
    const mailed = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(mailed.map((e) => e.kind)).toEqual(['order-confirmed']);
  });

  it('reads a completed session from its order: a later price change does not rewrite what was paid', async () => {
    const partId = await addPart(t, { name: 'Kept price', priceCents: 12_345, available: 4 });
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 2, 'kept@example.test'))).id;
    const done = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment()));
    expect(done.status).toBe('completed');
    await t.database.db.update(parts).set({ priceCents: 99, name: 'Renamed' }).where(eq(parts.id, partId));

    const read = checkout(await ucp(t, 'GET', `/checkout-sessions/${id}`));
    expect(read.line_items[0]?.item).toMatchObject({ title: 'Kept price', price: 12_345 });
    expect(read.line_items[0]?.totals).toEqual(done.line_items[0]?.totals);
    expect(read.totals).toEqual(done.totals);
    const [order] = await ordersOf('kept@example.test');
    expect(read.totals.find((x) => x.type === 'total')?.amount).toBe(order?.totalCents);
    expect(read.fulfillment.methods[0]?.groups[0]?.options.map((o) => o.id)).toEqual([order?.shippingOptionId]);
  });

  it('takes the mock handler’s credentials as the sample server does: a token of any type, or a test card', async () => {
    const instrument = (credential: Record<string, unknown>) => ({
      payment: { instruments: [{ id: 'instr_1', handler_id: 'mock_payment_handler', type: 'card', credential }] },
    });
    const card = (number: string) =>
      instrument({ type: 'card', card_number_type: 'fpan', number, expiry_month: 12, expiry_year: 2099, cvc: '123' });
    const session = async (email: string) =>
      checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(await addPart(t), 1, email))).id;
    const complete = async (id: string, body: unknown) =>
      checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, body));

    const stripeToken = await complete(
      await session('stripe-token@example.test'),
      instrument({ type: 'stripe_token', token: 'success_token' }),
    );
    expect(stripeToken.status).toBe('completed');
    expect((await complete(await session('card@example.test'), card('4242 4242 4242 4242'))).status).toBe('completed');

    const short = await session('short@example.test');
    const declined = await complete(short, card('4000000000009995'));
    expect(declined.status).toBe('ready_for_complete');
    expect(declined.messages.map((m) => [m.code, m.content])).toEqual([
      ['payment_failed', expect.stringMatching(/insufficient funds/i)],
    ]);
    const failToken = await complete(short, instrument({ type: 'stripe_token', token: 'fail_token' }));
    expect(failToken.messages.map((m) => m.code)).toEqual(['payment_failed']);
    for (const credential of [
      { type: 'card', card_number_type: 'fpan' },
      { type: 'token', token: 'nonsense' },
    ]) {
      const refused = await complete(short, instrument(credential));
      expect(refused.messages.map((m) => [m.code, m.content])).toEqual([
        ['payment_failed', expect.stringContaining('Pay with')],
      ]);
    }
    expect((await ordersOf('short@example.test')).filter((o) => o.paid)).toEqual([]);
  });

  it('answers out_of_stock when the shelf emptied after the session was ready, placing nothing', async () => {
    const partId = await addPart(t, { available: 1 });
    const first = checkout(
      await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, 'first@example.test')),
    ).id;
    const second = checkout(
      await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, 'second@example.test')),
    ).id;
    expect(checkout(await ucp(t, 'POST', `/checkout-sessions/${first}/complete`, payment())).status).toBe('completed');
    const late = checkout(await ucp(t, 'POST', `/checkout-sessions/${second}/complete`, payment()));
    expect(late.status).toBe('incomplete');
    expect(late.messages.map((m) => [m.code, m.path])).toEqual([['out_of_stock', '$.line_items[0]']]);
    expect(await ordersOf('second@example.test')).toEqual([]);
  });

  it('refuses an instrument of another handler as payment_failed, placing nothing', async () => {
    const partId = await addPart(t, { available: 3 });
    const id = checkout(
      await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, 'other-handler@example.test')),
    ).id;
    const body = { payment: { instruments: [{ ...payment().payment.instruments[0], handler_id: 'google_pay' }] } };
    const res = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, body));
    expect(res.status).toBe('ready_for_complete');
    expect(res.messages.map((m) => m.code)).toEqual(['payment_failed']);
    expect(await stockOf(t, partId)).toBe(3);
  });
});

describe('cancel', () => {
  it('closes the session after a declined payment, which left nothing on hold', async () => {
    const partId = await addPart(t, { available: 4 });
    const email = 'cancels@example.test';
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 2, email))).id;
    await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment('fail_token'));
    expect(await stockOf(t, partId)).toBe(4);
    const [tried] = await ordersOf(email);
    expect(await orderRow(t, tried?.id as string)).toBeUndefined();

    const canceled = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/cancel`));
    expect(canceled.status).toBe('canceled');
    expect(await stockOf(t, partId)).toBe(4);
    const late = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment()));
    expect(late.status).toBe('canceled');
    expect(late.messages.map((m) => m.code)).toEqual(['invalid_status']);
  });
});
