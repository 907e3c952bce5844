import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressBook, Quote, ShippingSettings, TaxReport, TaxSettings } from '@parts-shop/shared/checkout';
import type { Order } from '@parts-shop/shared/order';
import type { Overview } from '@parts-shop/shared/overview';
import type { Refund } from '@parts-shop/shared/refunds';
import { auditLog, emailOutbox, orders } from '#api/db/schema.ts';
import { orderEmailPayloadSchema, renderOrderEmail } from '#api/domain/emails/order-email-templates.ts';
import { DEMO_SHIPPING, DEMO_TAXES } from '#api/seed/demo-checkout.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { addPart, payOrder, stockOf } from '#api-test/shop-fixtures.ts';

const t = useTestApp({
  users: { admin: { email: 'owner@example.com', role: 'admin' }, alice: 'alice@example.com', bob: 'bob@example.com' },
});
const { admin, alice, bob } = t.users;

const CALIFORNIA = {
  name: 'Alice Doe',
  line1: '1 Market St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
  phone: '4155550100',
};
const JAPAN = { ...CALIFORNIA, city: 'Tokyo', region: undefined, postalCode: '100-0001', country: 'JP' };

async function put(url: string, payload: ShippingSettings | TaxSettings) {
  const res = await t.app.inject({ method: 'PUT', url, headers: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
}

function quote(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/checkout/quote', payload });
}

async function order(payload: Record<string, unknown>, auth = alice): Promise<Order> {
  const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order: Order }>().order;
}

function refund(orderId: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    headers: admin,
    payload: { reason: 'goodwill', ...payload },
  });
}

let cpu: string;
let gpu: string;
beforeAll(async () => {
  await put('/api/settings/shipping', DEMO_SHIPPING);
  await put('/api/settings/taxes', DEMO_TAXES);
  cpu = await addPart(t, { name: 'Checkout CPU', priceCents: 1999, available: 50 });
  gpu = await addPart(t, { name: 'Checkout GPU', priceCents: 2999, available: 50 });
});

describe('POST /api/checkout/quote', () => {
  it('offers the destination zone options cheapest first and adds California sales tax per line', async () => {
    const res = await quote({
      lines: [
        { partId: cpu, quantity: 1 },
        { partId: gpu, quantity: 2 },
      ],
      shippingAddress: { country: 'us', region: 'ca', postalCode: '94105' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<Quote>();
    expect(q.shippingOptions.map((o) => [o.id, o.title, o.price])).toEqual([
      ['us-standard', 'Standard', 5.99],
      ['us-express', 'Express', 14.99],
    ]);
    expect(q.lines.map((l) => l.tax)).toEqual([1.45, 4.35]);
    expect(q).toMatchObject({
      selectedShippingOptionId: 'us-standard',
      subtotal: 79.97,
      shipping: 5.99,
      tax: 5.8,
      total: 91.76,
      pricesIncludeTax: false,
    });
  });

  it('ships to Germany internationally with no tax, and prices the goods alone without an address', async () => {
    const de = (
      await quote({ lines: [{ partId: cpu, quantity: 1 }], shippingAddress: { country: 'DE' } })
    ).json<Quote>();
    expect(de.shippingOptions.map((o) => [o.id, o.price])).toEqual([['international', 24.99]]);
    expect(de).toMatchObject({ tax: 0, total: 44.98 });
    const none = (await quote({ lines: [{ partId: cpu, quantity: 1 }] })).json<Quote>();
    expect(none).toMatchObject({ shippingOptions: [], selectedShippingOptionId: null, shipping: 0, total: 19.99 });
  });

  it('refuses a country the shop does not ship to with 422 no_shipping_zone', async () => {
    const res = await quote({ lines: [{ partId: cpu, quantity: 1 }], shippingAddress: { country: 'JP' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'We do not ship to Japan yet', code: 'no_shipping_zone' });
  });

  it('refuses an option the zone does not offer, a US address without its state, and an unknown part', async () => {
    const wrongOption = await quote({
      lines: [{ partId: cpu, quantity: 1 }],
      shippingAddress: { country: 'DE' },
      shippingOptionId: 'us-express',
    });
    expect(wrongOption.statusCode).toBe(422);
    expect(wrongOption.json()).toMatchObject({ code: 'unknown_shipping_option' });
    const noState = await quote({ lines: [{ partId: cpu, quantity: 1 }], shippingAddress: { country: 'US' } });
    expect(noState.statusCode).toBe(400);
    expect(noState.json()).toMatchObject({ message: 'State or province is Required' });
    const unknown = await quote({ lines: [{ partId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', quantity: 1 }] });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/checkout/destinations', () => {
  it("lists the zones' countries once each, for anyone, and follows the settings", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/checkout/destinations' });
    expect(res.statusCode, res.body).toBe(200);
    const countries = res.json<{ countries: { country: string }[] }>().countries.map((entry) => entry.country);
    expect(countries.slice(0, 2)).toEqual(['US', 'CA']);
    expect(countries).toContain('DE');
    expect(countries).not.toContain('JP');
    expect(countries).not.toContain('GB');
    expect(new Set(countries).size).toBe(countries.length);
  });
});

describe('orders through the engine', () => {
  it('stores the address, the chosen option, shipping, tax per line and the total the quote showed', async () => {
    const placed = await order({
      partId: gpu,
      totalOrder: 2,
      shippingAddress: CALIFORNIA,
      shippingOptionId: 'us-express',
    });
    expect(placed).toMatchObject({
      shippingAddress: CALIFORNIA,
      shipping: { optionId: 'us-express', title: 'Express', carrier: 'UPS', price: '14.99' },
      subtotal: '59.98',
      shippingPrice: '14.99',
      tax: '4.35',
      total: '79.32',
      totalPrice: '79.32',
      pricesIncludeTax: false,
    });
    expect(placed.lines[0]?.tax).toBe('4.35');
    expect(placed.address).toBe('Alice Doe, 1 Market St, San Francisco CA 94105, US');
  });

  it('refuses a country without a zone with 422, holding no stock and storing no order', async () => {
    const before = await stockOf(t, cpu);
    const count = (await t.database.db.select().from(orders).where(eq(orders.email, 'bob@example.com'))).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bob,
      payload: { partId: cpu, totalOrder: 1, shippingAddress: JAPAN },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'We do not ship to Japan yet', code: 'no_shipping_zone' });
    expect(await stockOf(t, cpu)).toBe(before);
    expect((await t.database.db.select().from(orders).where(eq(orders.email, 'bob@example.com'))).length).toBe(count);
  });

  it('accepts the old address text, shipping it to the home country at the cheapest option', async () => {
    const placed = await order({
      partId: cpu,
      totalOrder: 1,
      address: '9 Old Road, Springfield',
      phoneNumber: '5550100',
    });
    expect(placed).toMatchObject({
      address: '9 Old Road, Springfield',
      shippingAddress: { line1: '9 Old Road, Springfield', country: 'US', phone: '5550100' },
      shipping: { optionId: 'us-standard', price: '5.99' },
      tax: '0.00',
      total: '25.98',
    });
  });

  it('ships Standard free from $100 of goods, and a build order prices through the same engine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/batch',
      headers: alice,
      payload: {
        items: [
          { partId: gpu, totalOrder: 3 },
          { partId: cpu, totalOrder: 1 },
        ],
        shippingAddress: { ...CALIFORNIA, region: 'NY', city: 'New York', postalCode: '10001' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const built = res.json<{ orders: Order[]; total: string }>();
    // 89.97 + 19.99 = 109.96 of goods: Standard is free; New York's 4 %: 3.60 + 0.80.
    expect(built.orders[0]).toMatchObject({ subtotal: '109.96', shippingPrice: '0.00', tax: '4.40', total: '114.36' });
    expect(built.total).toBe('114.36');
  });
});

describe('refunds with shipping and tax', () => {
  it('gives back shipping, a line with its tax share, never past what was paid, and exactly the total in full', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/batch',
      headers: alice,
      payload: {
        items: [
          { partId: gpu, totalOrder: 2 },
          { partId: cpu, totalOrder: 1 },
        ],
        shippingAddress: CALIFORNIA,
        shippingOptionId: 'us-express',
      },
    });
    const [placed] = res.json<{ orders: Order[] }>().orders;
    if (!placed) throw new Error(res.body);
    expect(placed).toMatchObject({ subtotal: '79.97', shippingPrice: '14.99', tax: '5.80', total: '100.76' });
    await payOrder(t, alice, placed._id);
    const lineOf = (partId: string) => placed.lines.find((l) => l.partId === partId)?.id ?? '';

    const tooMuchShipping = await refund(placed._id, { amount: 15, shipping: true });
    expect(tooMuchShipping.statusCode).toBe(409);
    expect(tooMuchShipping.json()).toMatchObject({
      message: 'At most $14.99 of shipping is left to refund on this order',
    });
    const shipping = await refund(placed._id, { amount: 14.99, shipping: true });
    expect(shipping.statusCode, shipping.body).toBe(201);
    expect(shipping.json<Refund>()).toMatchObject({ amount: '14.99', shipping: true, tax: '0.00' });

    // The GPU line was paid 59.98 + 4.35 tax; half of it gives back half its tax.
    const half = await refund(placed._id, { amount: 32.17, lineId: lineOf(gpu) });
    expect(half.json<Refund>()).toMatchObject({ amount: '32.17', tax: '2.18' });
    const past = await refund(placed._id, { amount: 32.17, lineId: lineOf(gpu) });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ message: 'At most $32.16 is left to refund on this line' });
    const rest = await refund(placed._id, { amount: 32.16, lineId: lineOf(gpu) });
    expect(rest.json<Refund>()).toMatchObject({ tax: '2.17' });
    const cpuLine = await refund(placed._id, { amount: 21.44, lineId: lineOf(cpu) });
    expect(cpuLine.json<Refund>()).toMatchObject({ tax: '1.45' });

    const after = await t.app.inject({ url: `/api/orders/${placed._id}`, headers: alice });
    expect(after.json<Order>()).toMatchObject({ refunded: '100.76', status: 'refunded' });
  });

  it('a cancel of a paid order refunds exactly its total, its tax with it', async () => {
    const placed = await order({ partId: cpu, totalOrder: 3, shippingAddress: CALIFORNIA });
    await payOrder(t, alice, placed._id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed._id}/cancel`,
      headers: admin,
      payload: { reason: 'out of stock' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = await t.app.inject({ url: `/api/orders/${placed._id}/refunds`, headers: admin });
    const [only] = refunds.json<{ refunds: Refund[] }>().refunds;
    expect(only).toMatchObject({ amount: placed.total, tax: placed.tax });
  });
});

describe('the address book', () => {
  const book = async (auth = alice) =>
    (await t.app.inject({ url: '/api/addresses', headers: auth })).json<AddressBook>();

  it('keeps exactly one default: the first, the one chosen, and the next when the default goes', async () => {
    expect((await book(bob)).addresses).toEqual([]);
    const first = await t.app.inject({ method: 'POST', url: '/api/addresses', headers: bob, payload: CALIFORNIA });
    expect(first.statusCode, first.body).toBe(201);
    const homeId = first.json<AddressBook>().addresses[0]?.id ?? '';
    expect(first.json<AddressBook>().addresses).toEqual([{ ...CALIFORNIA, id: homeId, isDefault: true }]);

    const work = { ...CALIFORNIA, line1: '500 Work Ave', isDefault: true };
    const second = await t.app.inject({ method: 'POST', url: '/api/addresses', headers: bob, payload: work });
    const both = second.json<AddressBook>().addresses;
    expect(both.map((a) => [a.line1, a.isDefault])).toEqual([
      ['1 Market St', false],
      ['500 Work Ave', true],
    ]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${homeId}`,
      headers: bob,
      payload: { isDefault: true },
    });
    expect(patched.json<AddressBook>().addresses.map((a) => a.isDefault)).toEqual([true, false]);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/addresses/${homeId}`, headers: bob });
    expect(deleted.json<AddressBook>().addresses.map((a) => [a.line1, a.isDefault])).toEqual([['500 Work Ave', true]]);
  });

  it("refuses a bad address and another customer's address", async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: alice,
      payload: { ...CALIFORNIA, country: 'USA' },
    });
    expect(bad.statusCode).toBe(400);
    const [bobs] = (await book(bob)).addresses;
    const other = await t.app.inject({ method: 'DELETE', url: `/api/addresses/${bobs?.id ?? ''}`, headers: alice });
    expect(other.statusCode).toBe(404);
    expect((await book(bob)).addresses).toHaveLength(1);
  });
});

describe('settings, report and overview', () => {
  it('lets only an admin change the settings, refuses duplicates, audits every change, and the next quote uses it', async () => {
    const notAdmin = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/taxes',
      headers: alice,
      payload: DEMO_TAXES,
    });
    expect(notAdmin.statusCode).toBe(403);
    const dup = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/taxes',
      headers: admin,
      payload: { ...DEMO_TAXES, rates: [...DEMO_TAXES.rates, { country: 'US', region: 'CA', name: 'again', rate: 1 }] },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ message: 'Two rates are set for US-CA; keep one' });

    const raised = DEMO_TAXES.rates.map((r) => (r.region === 'CA' ? { ...r, rate: 10 } : r));
    await put('/api/settings/taxes', { ...DEMO_TAXES, rates: raised });
    const q = await quote({ lines: [{ partId: cpu, quantity: 1 }], shippingAddress: { country: 'US', region: 'CA' } });
    expect(q.json<Quote>().tax).toBe(2);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.kind, 'settings.taxes'))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(1);
    expect(entry).toMatchObject({ actorEmail: 'owner@example.com', entity: 'settings', entityId: 'taxes' });
    expect(entry?.after).toMatchObject({ rates: raised });
    await put('/api/settings/taxes', DEMO_TAXES);
    expect((await t.app.inject({ url: '/api/settings/taxes', headers: admin })).json()).toEqual(DEMO_TAXES);
  });

  it('reports the month by country and region, as JSON and CSV, and the overview splits the money taken', async () => {
    const month = new Date().toLocaleDateString('en-CA', { timeZone: t.deps.config.SHOP_TIME_ZONE }).slice(0, 7);
    const res = await t.app.inject({ url: `/api/reports/tax?month=${month}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TaxReport>();
    const california = report.rows.find((r) => r.country === 'US' && r.region === 'CA');
    // Two paid California orders, both refunded in full: nothing is left to file.
    expect(california).toEqual({
      country: 'US',
      region: 'CA',
      orders: 2,
      goods: '0.00',
      shipping: '0.00',
      tax: '0.00',
    });
    const csv = await t.app.inject({ url: `/api/reports/tax?month=${month}&format=csv`, headers: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('month,country,region,orders,goods,shipping,tax');
    expect(csv.body).toContain(`${month},US,CA,2,0.00,0.00,0.00`);
    const bad = await t.app.inject({ url: '/api/reports/tax?month=2026-13', headers: admin });
    expect(bad.statusCode).toBe(400);

    const paid = await order({
      partId: gpu,
      totalOrder: 1,
      shippingAddress: CALIFORNIA,
      shippingOptionId: 'us-express',
    });
    await payOrder(t, alice, paid._id);
    const overview = (await t.app.inject({ url: '/api/admin/overview?days=1', headers: admin })).json<Overview>();
    expect(overview.taken).toEqual({ goods: '29.99', shipping: '14.99', tax: '2.17' });
  });
});

// Last: its California order would count in the month's tax report above.
describe('order emails', () => {
  it('mails the amounts the order stored and its postal address, placed and paid', async () => {
    const fan = await addPart(t, { name: 'Forty Fan', priceCents: 4000, available: 5 });
    const placed = await order({ partId: fan, totalOrder: 1, shippingAddress: CALIFORNIA });
    await payOrder(t, alice, placed._id);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, placed._id));
    const textOf = (kind: string) => {
      const row = mails.find((m) => m.kind === kind);
      if (!row) throw new Error(`no ${kind} email`);
      return renderOrderEmail(orderEmailPayloadSchema.parse(row.payload), 'https://shop.example').text.split('\n');
    };
    const amounts = ['Subtotal: $40.00', 'Shipping (Standard): $5.99', 'Tax: $2.90'];
    const address = ['Ship to:', '  Alice Doe', '  1 Market St', '  San Francisco, CA 94105', '  United States'];
    expect(textOf('order-placed')).toEqual(
      expect.arrayContaining([...amounts, 'Total: $48.89', ...address, 'Phone: 4155550100']),
    );
    expect(textOf('payment-receipt')).toEqual(expect.arrayContaining([...amounts, 'Paid: $48.89', ...address]));
  });
});
