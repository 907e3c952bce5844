import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AcpCheckoutSession } from '@parts-shop/shared/acp';
import { ucpCheckoutSchema, type UcpCheckout } from '@parts-shop/shared/ucp';
import { orders } from '#api/db/schema.ts';
import { DEMO_SHIPPING, DEMO_TAXES } from '#api/seed/demo-checkout.ts';
import { acp, ACP_ADDRESS } from '#api-test/acp-fixtures.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { loadOfficialSchemas } from '#api-test/ucp-official-schemas.ts';
import { payment, ucp } from '#api-test/ucp-fixtures.ts';

/**
 * An assistant's session priced by the checkout engine, as the web's Purchase page is (docs/product.md#shipping-and-taxes):
 * the destination zone's options, shipping and tax in the totals, and complete storing exactly them.
 */
const t = useTestApp({
  config: { PUBLIC_URL: 'https://shop.example' },
  users: { admin: { email: 'owner@example.test', role: 'admin' } },
});
const official = loadOfficialSchemas();

const SAN_JOSE = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street_address: '1 Market St',
  address_locality: 'San Jose',
  address_region: 'CA',
  postal_code: '95113',
  address_country: 'US',
};
const TOKYO = {
  ...SAN_JOSE,
  address_locality: 'Tokyo',
  address_region: undefined,
  postal_code: '100-0001',
  address_country: 'JP',
};

const checkout = (res: { json: () => unknown }): UcpCheckout => ucpCheckoutSchema.parse(res.json());

function session(partId: string, quantity: number, destination?: object, option?: string) {
  return {
    line_items: [{ item: { id: partId }, quantity }],
    buyer: { email: 'ada@example.test', first_name: 'Ada', last_name: 'Lovelace' },
    fulfillment: {
      methods: [
        {
          type: 'shipping',
          ...(destination ? { destinations: [destination] } : {}),
          ...(option ? { groups: [{ selected_option_id: option }] } : {}),
        },
      ],
    },
  };
}

/** The answer valid against the official 2026-04-08 checkout schema (when the schemas are beside the repository). */
function expectOfficial(body: unknown) {
  if (official) expect(official.checkout(body)).toEqual([]);
}

const totalsOf = (body: UcpCheckout) => body.totals.map((x) => [x.type, x.amount]);

let fan: string;
let cooler: string;
beforeAll(async () => {
  for (const [url, payload] of [
    ['/api/settings/shipping', DEMO_SHIPPING],
    ['/api/settings/taxes', DEMO_TAXES],
  ] as const) {
    const res = await t.app.inject({ method: 'PUT', url, headers: t.users.admin, payload });
    expect(res.statusCode, res.body).toBe(200);
  }
  fan = await addPart(t, { name: 'Forty Fan', priceCents: 4_000, available: 20 });
  cooler = await addPart(t, { name: 'Big Cooler', priceCents: 12_000, available: 20 });
});

describe('a UCP session priced by the checkout engine', () => {
  it("offers the destination zone's options and totals subtotal + fulfillment + tax, one subtotal and one total", async () => {
    const res = await ucp(t, 'POST', '/checkout-sessions', session(fan, 1, SAN_JOSE));
    expect(res.statusCode, res.body).toBe(201);
    const body = checkout(res);
    expectOfficial(res.json());
    expect(body.status).toBe('ready_for_complete');
    const group = body.fulfillment.methods[0]?.groups[0];
    expect(group?.options.map((o) => [o.id, o.title, o.carrier, o.totals[0]?.amount])).toEqual([
      ['us-standard', 'Standard', 'USPS', 599],
      ['us-express', 'Express', 'UPS', 1_499],
    ]);
    expect(group?.selected_option_id).toBe('us-standard');
    expect(totalsOf(body)).toEqual([
      ['subtotal', 4_000],
      ['fulfillment', 599],
      ['tax', 290],
      ['total', 4_889],
    ]);
    expect(body.totals.find((x) => x.type === 'tax')?.display_text).toBe('California sales tax');
    expect(body.line_items[0]?.totals).toEqual([
      { type: 'subtotal', amount: 4_000 },
      { type: 'total', amount: 4_000 },
    ]);
  });

  it('says Free in the title of an option that costs nothing, and takes the option the assistant chose', async () => {
    const free = checkout(await ucp(t, 'POST', '/checkout-sessions', session(cooler, 1, SAN_JOSE)));
    expect(free.fulfillment.methods[0]?.groups[0]?.options.map((o) => [o.title, o.totals[0]?.amount])).toEqual([
      ['Standard (Free)', 0],
      ['Express', 1_499],
    ]);
    const express = await ucp(t, 'POST', '/checkout-sessions', session(fan, 1, SAN_JOSE, 'us-express'));
    expectOfficial(express.json());
    expect(totalsOf(checkout(express))).toEqual([
      ['subtotal', 4_000],
      ['fulfillment', 1_499],
      ['tax', 290],
      ['total', 5_789],
    ]);
    const unknown = checkout(await ucp(t, 'POST', '/checkout-sessions', session(fan, 1, SAN_JOSE, 'overnight')));
    expect(unknown.status).toBe('incomplete');
    expect(unknown.messages.map((m) => [m.type, 'code' in m ? m.code : '', m.path])).toEqual([
      ['error', 'invalid', '$.fulfillment.methods[0].groups[0].selected_option_id'],
    ]);
  });

  it('gives a method without an address no destinations and no options, and names the missing address', async () => {
    const res = await ucp(t, 'POST', '/checkout-sessions', session(fan, 2));
    expectOfficial(res.json());
    const body = checkout(res);
    const method = body.fulfillment.methods[0];
    expect(method).not.toHaveProperty('destinations');
    expect(method?.groups[0]?.options).toEqual([]);
    expect(body.messages.map((m) => [m.type, 'code' in m ? m.code : '', m.path])).toEqual([
      ['error', 'missing', '$.fulfillment.methods[0].destinations'],
    ]);
    expect(totalsOf(body)).toEqual([
      ['subtotal', 8_000],
      ['total', 8_000],
    ]);
  });

  it('says where the shop does not ship, with its code and the path of the country, and offers nothing', async () => {
    const res = await ucp(t, 'POST', '/checkout-sessions', session(fan, 1, TOKYO));
    expectOfficial(res.json());
    const body = checkout(res);
    expect(body.status).toBe('incomplete');
    expect(body.messages).toEqual([
      {
        type: 'error',
        code: 'no_shipping_zone',
        path: '$.fulfillment.methods[0].destinations[0].address_country',
        content: 'We do not ship to Japan yet',
        severity: 'recoverable',
      },
    ]);
    expect(body.fulfillment.methods[0]?.groups[0]?.options).toEqual([]);
    const before = (await t.database.db.select().from(orders)).length;
    const done = checkout(await ucp(t, 'POST', `/checkout-sessions/${body.id}/complete`, payment()));
    expect(done.status).toBe('incomplete');
    expect((await t.database.db.select().from(orders)).length).toBe(before);
  });

  it('completes into an order that stores the option, shipping and tax the session showed', async () => {
    const id = checkout(await ucp(t, 'POST', '/checkout-sessions', session(fan, 2, SAN_JOSE, 'us-express'))).id;
    const done = checkout(await ucp(t, 'POST', `/checkout-sessions/${id}/complete`, payment()));
    expect(done.status).toBe('completed');
    const orderId = done.order?.id ?? '';
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      subtotalCents: 8_000,
      shippingOptionId: 'us-express',
      shippingTitle: 'Express',
      shippingCarrier: 'UPS',
      shippingCents: 1_499,
      taxCents: 580,
      totalCents: 10_079,
      shipCity: 'San Jose',
      shipRegion: 'CA',
      shipCountry: 'US',
      paid: true,
    });
    const order = (await ucp(t, 'GET', `/orders/${orderId}`)).json<{ totals: { type: string; amount: number }[] }>();
    if (official) expect(official.order(order)).toEqual([]);
    expect(order.totals.map((x) => [x.type, x.amount])).toEqual([
      ['subtotal', 8_000],
      ['fulfillment', 1_499],
      ['tax', 580],
      ['total', 10_079],
    ]);
  });
});

describe('an ACP session, priced the same', () => {
  it("lists the zone's options with their carrier and totals with shipping and tax; refuses a country it does not ship to", async () => {
    const created = await acp(t, 'POST', '/checkout_sessions', {
      currency: 'usd',
      capabilities: {},
      line_items: [{ id: fan }],
      buyer: { email: 'ada@example.test' },
      fulfillment_details: { name: 'Ada Lovelace', address: { ...ACP_ADDRESS, state: 'CA', postal_code: '95113' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<AcpCheckoutSession>();
    expect(body.status).toBe('ready_for_payment');
    expect(body.fulfillment_options.map((o) => [o.id, o.title, o.carrier])).toEqual([
      ['us-standard', 'Standard', 'USPS'],
      ['us-express', 'Express', 'UPS'],
    ]);
    expect(body.totals.map((x) => [x.type, x.amount])).toEqual([
      ['subtotal', 4_000],
      ['fulfillment', 599],
      ['tax', 290],
      ['total', 4_889],
    ]);
    const abroad = await acp(t, 'POST', `/checkout_sessions/${body.id}`, {
      fulfillment_details: {
        name: 'Ada Lovelace',
        address: { ...ACP_ADDRESS, city: 'Tokyo', country: 'JP', state: 'Tokyo' },
      },
    });
    const refused = abroad.json<AcpCheckoutSession>();
    expect(refused.status).toBe('not_ready_for_payment');
    expect(refused.fulfillment_options).toEqual([]);
    expect(refused.messages.map((m) => [m.type, 'code' in m ? m.code : '', m.param, m.content])).toEqual([
      ['error', 'invalid', '$.fulfillment_details.address.country', 'We do not ship to Japan yet'],
    ]);
  });
});
