import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unpaidUnitsMessage, unpaidValueMessage } from '@parts-shop/shared/api-messages';
import { ucpCheckoutSchema } from '@parts-shop/shared/ucp';
import { orders } from '#api/db/schema.ts';
import { expireOverdueOrders, unpaidHold } from '#api/domain/unpaid-orders/expire-unpaid-orders.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { payment, readyCheckout, ucp } from '#api-test/ucp-fixtures.ts';
import { createFirebaseAccount } from '#api-test/firebase-accounts.ts';
import {
  addPart,
  confirmCard,
  orderBody,
  orderRow,
  placeOrder,
  startPayment,
  stockOf,
  type Auth,
} from '#api-test/shop-fixtures.ts';

// One customer cannot keep stock from everyone else (docs/security.md#stock-holds): the units
// of each part and the worth of their unpaid orders are capped, and an account whose email is
// not verified holds its orders only briefly.

const UNITS = 5;
const CENTS = 100_000;
const UNVERIFIED_MINUTES = 10;

const t = useTestApp({
  config: {
    MAX_UNPAID_UNITS_PER_PART: String(UNITS),
    MAX_UNPAID_CENTS: String(CENTS),
    UNVERIFIED_HOLD_MINUTES: String(UNVERIFIED_MINUTES),
    UNPAID_HOLD_MINUTES: '1440',
  },
});

let customers = 0;
const newCustomer = () => t.signIn(`hoarder${(customers += 1)}@example.com`);

const order = (auth: Auth, partId: string, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: orderBody(partId, quantity) });

const batch = (auth: Auth, lines: { partId: string; totalOrder: number }[]) => {
  const { phoneNumber, address } = orderBody('');
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/batch',
    headers: auth,
    payload: { items: lines, phoneNumber, address },
  });
};

describe('MAX_UNPAID_UNITS_PER_PART', () => {
  it('refuses more units of one part than a customer may hold unpaid; paying frees them', async () => {
    const customer = await newCustomer();
    const partId = await addPart(t, { name: 'Shelf SSD', available: 100, priceCents: 1_000 });
    const first = await placeOrder(t, customer, partId, UNITS);

    const refused = await order(customer, partId, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: unpaidUnitsMessage('Shelf SSD', UNITS) });
    expect(await stockOf(t, partId)).toBe(100 - UNITS);

    // Another customer can still buy the part.
    await placeOrder(t, await newCustomer(), partId, 1);

    const { clientSecret } = await startPayment(t, customer, first._id);
    expect((await confirmCard(t, clientSecret)).statusCode).toBe(200);
    await placeOrder(t, customer, partId, UNITS);
  });

  it('counts a part id sent in upper case as the same part', async () => {
    const customer = await newCustomer();
    const partId = await addPart(t, { name: 'Case SSD', available: 100, priceCents: 1_000 });
    const upper = partId.toUpperCase();
    await placeOrder(t, customer, partId, UNITS);

    const single = await order(customer, upper, 2);
    expect(single.statusCode, single.body).toBe(409);
    expect(single.json()).toMatchObject({ message: unpaidUnitsMessage('Case SSD', UNITS) });
    const build = await batch(customer, [{ partId: upper, totalOrder: 2 }]);
    expect(build.statusCode, build.body).toBe(409);
    expect(await stockOf(t, partId)).toBe(100 - UNITS);

    // Every route reads and answers the id in one spelling.
    const read = await t.app.inject({ url: `/api/parts/${upper}` });
    expect(read.json()).toMatchObject({ _id: partId });
  });

  it('refuses a whole build whose lines would empty the shelves, and changes nothing', async () => {
    const customer = await newCustomer();
    const shelves = [await addPart(t, { available: 150, priceCents: 100 }), await addPart(t, { available: 150 })];
    const refused = await batch(
      customer,
      shelves.map((partId) => ({ partId, totalOrder: 150 })),
    );
    expect(refused.statusCode).toBe(409);
    for (const partId of shelves) expect(await stockOf(t, partId)).toBe(150);
    expect(
      await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.email, `hoarder${customers}@example.com`)),
    ).toEqual([]);
  });

  it("always allows a part's minimum order", async () => {
    const customer = await newCustomer();
    const partId = await addPart(t, { name: 'Bulk Screws', minOrder: UNITS + 3, available: 100, priceCents: 10 });
    await placeOrder(t, customer, partId, UNITS + 3);
    const refused = await order(customer, partId, UNITS + 3);
    expect(refused.json()).toMatchObject({ message: unpaidUnitsMessage('Bulk Screws', UNITS + 3) });
  });
});

describe('a cap refusing an assistant', () => {
  it("never tells the assistant what the buyer's account holds", async () => {
    const email = 'held-by-someone@example.com';
    const owner = await t.signIn(email);
    const partId = await addPart(t, { name: 'Quiet SSD', available: 100, priceCents: 1_000 });
    await placeOrder(t, owner, partId, UNITS);
    await placeOrder(t, owner, await addPart(t, { available: 10, priceCents: 90_000 }), 1);

    for (const [part, quantity] of [
      [partId, 1],
      [await addPart(t, { available: 10, priceCents: 20_000 }), 1],
    ] as const) {
      const session = ucpCheckoutSchema.parse(
        (await ucp(t, 'POST', '/checkout-sessions', readyCheckout(part, quantity, email))).json(),
      );
      const refused = ucpCheckoutSchema.parse(
        (await ucp(t, 'POST', `/checkout-sessions/${session.id}/complete`, payment())).json(),
      );
      expect(refused.status).not.toBe('completed');
      const said = refused.messages.map((m) => m.content).join(' ');
      expect(said).toMatch(/at most/i);
      expect(said).not.toMatch(/you hold|they are worth|\$91\b|\$950|\b5 units? (?:held|unpaid)/i);
    }
  });
});

describe('MAX_UNPAID_CENTS', () => {
  it('refuses an order that would make the unpaid orders worth more than allowed', async () => {
    const customer = await newCustomer();
    const gpu = await addPart(t, { available: 10, priceCents: 30_000 });
    const cpu = await addPart(t, { available: 10, priceCents: 20_000 });
    await placeOrder(t, customer, gpu, 3);
    const refused = await order(customer, cpu, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: unpaidValueMessage(CENTS) });
    expect(await stockOf(t, cpu)).toBe(10);
  });
});

describe('UNVERIFIED_HOLD_MINUTES', () => {
  it("cancels an unverified account's unpaid order after the short hold, a verified one's only after the long one", async () => {
    const account = await createFirebaseAccount();
    const exchange = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${account.email}`,
      headers: { authorization: `Bearer ${account.idToken}` },
      payload: { email: account.email },
    });
    const unverified = { authorization: `Bearer ${exchange.json<{ token: string }>().token}` };
    const verified = await newCustomer();
    const partId = await addPart(t, { available: 10 });
    const theirs = await placeOrder(t, unverified, partId, 1);
    const mine = await placeOrder(t, verified, partId, 1);
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${UNVERIFIED_MINUTES + 1})` });

    await expireOverdueOrders(t.database.db, t.deps.payments, unpaidHold(t.deps.config));
    expect(await orderRow(t, theirs._id)).toBeUndefined();
    expect(await orderRow(t, mine._id)).toBeDefined();
    expect(await stockOf(t, partId)).toBe(9);
  });
});
