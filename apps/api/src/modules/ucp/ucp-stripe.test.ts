import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ucpCheckoutSchema, type UcpCheckout } from '@parts-shop/shared/ucp';
import { orders } from '#api/db/schema.ts';
import { startFakeStripe, stripeConfig, type FakeStripe } from '#api-test/fake-stripe.ts';
import { addPart, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { loadOfficialSchemas } from '#api-test/ucp-official-schemas.ts';
import { readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';

/**
 * A shop on Stripe (PAYMENT_GATEWAY=stripe, against the local fake Stripe): its business
 * profile offers the Stripe handler, and complete pays with the assistant's PaymentMethod id
 * through the settlement path every payment takes.
 */
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
const t = useTestApp({
  config: () => ({
    PUBLIC_URL: 'https://shop.example',
    ...stripeConfig(fake),
  }),
});

const checkout = (res: { json: () => unknown }): UcpCheckout => ucpCheckoutSchema.parse(res.json());

function stripePayment(token: string, handler = 'stripe_payment_method') {
  return {
    payment: {
      instruments: [
        { id: 'instr_1', handler_id: handler, type: 'card', selected: true, credential: { type: 'token', token } },
      ],
    },
  };
}

const ordersOf = (email: string) => t.database.db.select().from(orders).where(eq(orders.email, email));

describe('UCP on Stripe', () => {
  it('offers the Stripe PaymentMethod handler in the business profile, and no mock handler', async () => {
    const profile = (await t.app.inject({ method: 'GET', url: '/.well-known/ucp' })).json<{
      ucp: { payment_handlers: Record<string, { id: string; config: { test_mode: boolean } }[]> };
    }>();
    expect(profile.ucp.payment_handlers).toEqual({
      'com.stripe.payment_method': [
        expect.objectContaining({ id: 'stripe_payment_method', config: { test_mode: true } }),
      ],
    });
    const official = loadOfficialSchemas();
    if (official) expect(official.businessProfile(profile)).toEqual([]);
  });

  it('completes with pm_card_visa: one order, paid through the settlement path, on one Stripe intent', async () => {
    const partId = await addPart(t, { available: 5, priceCents: 4_500 });
    const email = 'stripe-visa@example.test';
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 2, email))).id;

    const done = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, stripePayment('pm_card_visa')));
    expect(done.status, JSON.stringify(done.messages)).toBe('completed');
    const placed = await ordersOf(email);
    expect(placed.map((o) => [o.paid, o.totalCents])).toEqual([[true, 9_000]]);
    expect(done.order?.id).toBe(placed[0]?.id);
    const intents = [...fake.intents.values()].filter((i) => i.metadata.orderId === placed[0]?.id);
    expect(intents.map((i) => [i.status, i.amount])).toEqual([['succeeded', 9_000]]);
    expect(await stockOf(t, partId)).toBe(3);
  });

  it('answers payment_failed for pm_card_chargeDeclined, holding nothing, and the next PaymentMethod pays', async () => {
    const partId = await addPart(t, { available: 5, priceCents: 2_000 });
    const email = 'stripe-declined@example.test';
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, email))).id;

    const declined = checkout(
      await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, stripePayment('pm_card_chargeDeclined')),
    );
    expect(declined.status).toBe('ready_for_complete');
    expect(declined.order).toBeUndefined();
    expect(declined.messages).toEqual([
      expect.objectContaining({ code: 'payment_failed', path: '$.payment.instruments[0]', severity: 'recoverable' }),
    ]);
    expect(declined.messages[0]?.content).toMatch(/declined/);
    const [tried] = await ordersOf(email);
    expect([tried?.paid, tried?.cancelReason]).toEqual([false, 'Payment declined']);
    expect(await stockOf(t, partId)).toBe(5);
    // The declined try's intent was cancelled at Stripe with its order.
    const triedIntents = [...fake.intents.values()].filter((i) => i.metadata.orderId === tried?.id);
    expect(triedIntents.map((i) => i.status)).toEqual(['canceled']);

    const paid = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, stripePayment('pm_card_visa')));
    expect(paid.status).toBe('completed');
    const live = (await ordersOf(email)).filter((o) => o.cancelledAt === null);
    expect(live.map((o) => [o.id, o.paid])).toEqual([[paid.order?.id, true]]);
    const intents = [...fake.intents.values()].filter((i) => i.metadata.orderId === paid.order?.id);
    expect(intents.map((i) => i.status)).toEqual(['succeeded']);
  });

  it('refuses the mock handler’s tokens and a token that is no PaymentMethod id, placing nothing', async () => {
    const partId = await addPart(t, { available: 3 });
    const email = 'stripe-mock@example.test';
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, 1, email))).id;
    for (const body of [stripePayment('success_token', 'mock_payment_handler'), stripePayment('4242424242424242')]) {
      const res = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, body));
      expect(res.status).toBe('ready_for_complete');
      expect(res.messages.map((m) => m.code)).toEqual(['payment_failed']);
    }
    expect(await ordersOf(email)).toEqual([]);
    expect(await stockOf(t, partId)).toBe(3);
  });
});
