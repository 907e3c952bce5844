import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShippingSettings, TaxSettings } from '@parts-shop/shared/checkout';
import type { Order } from '@parts-shop/shared/order';
import { orderLines, orderRefunds, orders } from '#api/db/schema.ts';
import { addPart, payOrder } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

/**
 * Money stays exact through the real services: random carts, destinations, shipping rates, tax
 * rates with prices including tax or not, placed, paid and refunded in random pieces over HTTP, then checked in what
 * the database stored. The engine's and the refund shares' arithmetic alone are fuzzed more widely without a database
 * (domain/checkout/pricing.test.ts, domain/payments/refund-shares.test.ts); this proves the stored rows keep it.
 */
const t = useTestApp({
  users: { admin: { email: 'money-owner@example.com', role: 'admin' }, buyer: 'money-buyer@example.com' },
});
const { admin, buyer } = t.users;

/** Kept small: each case places, pays and refunds an order over HTTP, about a second on a loaded machine. */
const CASES = 6;

const DESTINATIONS = [
  { country: 'US', region: 'CA', city: 'San Francisco', postalCode: '94105' },
  { country: 'US', region: 'NY', city: 'New York', postalCode: '10001' },
  { country: 'CA', region: 'ON', city: 'Toronto', postalCode: 'M5V 2T6' },
  { country: 'DE', region: undefined, city: 'Berlin', postalCode: '10115' },
] as const;

const dollars = (cents: number) => Math.round(cents) / 100;
const WHOLE_CENTS = /^-?\d+\.\d{2}$/;

function shippingSettings(flatCents: number, bandCents: number, freeOverCents: number | null): ShippingSettings {
  return {
    homeCountry: 'US',
    zones: [
      {
        id: 'everywhere',
        name: 'Everywhere we ship',
        countries: [{ country: 'US' }, { country: 'CA' }, { country: 'DE' }],
        options: [
          {
            id: 'flat',
            title: 'Flat',
            carrier: 'Post',
            minDays: 2,
            maxDays: 4,
            rate: { type: 'flat', amount: dollars(flatCents) },
            freeOver: freeOverCents === null ? null : dollars(freeOverCents),
          },
          {
            id: 'banded',
            title: 'Banded',
            carrier: 'Courier',
            minDays: 1,
            maxDays: 2,
            rate: {
              type: 'subtotal',
              bands: [
                { from: 0, amount: dollars(bandCents) },
                { from: 200, amount: dollars(Math.floor(bandCents / 2)) },
              ],
            },
          },
        ],
      },
    ],
  };
}

async function put(url: string, payload: ShippingSettings | TaxSettings) {
  const res = await t.app.inject({ method: 'PUT', url, headers: admin, payload });
  expect(res.statusCode, res.body).toBe(200);
}

const refund = (orderId: string, cents: number, target: { lineId?: string; shipping?: boolean }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    headers: admin,
    payload: { amount: (cents / 100).toFixed(2), reason: 'property test', ...target },
  });

const caseArbitrary = fc.record({
  cart: fc.array(
    fc.record({ unitCents: fc.integer({ min: 1, max: 150_000 }), quantity: fc.integer({ min: 1, max: 4 }) }),
    { minLength: 1, maxLength: 4 },
  ),
  destination: fc.constantFrom(...DESTINATIONS),
  option: fc.constantFrom('flat', 'banded'),
  flatCents: fc.integer({ min: 0, max: 5_000 }),
  bandCents: fc.integer({ min: 0, max: 5_000 }),
  freeOverCents: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
  // Percent with up to three decimals, as the owner may set it.
  milliPercent: fc.integer({ min: 0, max: 27_000 }),
  pricesIncludeTax: fc.boolean(),
  shippingTaxed: fc.boolean(),
  refunds: fc.array(fc.record({ target: fc.nat(4), fraction: fc.double({ min: 0.01, max: 1, noNaN: true }) }), {
    maxLength: 3,
  }),
});

describe('money stays exact through placement and refunds (property, both databases)', () => {
  it('whole cents; lines’ tax adds up; total = goods + shipping + tax; refunds within what was paid; full = total', async () => {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        cases += 1;
        await put('/api/settings/shipping', shippingSettings(c.flatCents, c.bandCents, c.freeOverCents));
        await put('/api/settings/taxes', {
          pricesIncludeTax: c.pricesIncludeTax,
          shippingTaxed: c.shippingTaxed,
          rates: [{ country: c.destination.country, region: null, name: 'Sales tax', rate: c.milliPercent / 1000 }],
        });
        const partIds = await Promise.all(
          c.cart.map((line) => addPart(t, { priceCents: line.unitCents, available: 1_000 })),
        );
        const placedRes = await t.app.inject({
          method: 'POST',
          url: '/api/orders/batch',
          headers: buyer,
          payload: {
            items: c.cart.map((line, i) => ({ partId: partIds[i], totalOrder: line.quantity })),
            shippingAddress: { name: 'Pat Buyer', line1: '1 Main St', phone: '5550100', ...c.destination },
            shippingOptionId: c.option,
          },
        });
        expect(placedRes.statusCode, placedRes.body).toBe(201);
        const [placed] = placedRes.json<{ orders: Order[] }>().orders;
        if (!placed) throw new Error(placedRes.body);
        for (const amount of [placed.subtotal, placed.shippingPrice, placed.tax, placed.total]) {
          expect(amount).toMatch(WHOLE_CENTS);
        }
        await payOrder(t, buyer, placed._id);

        const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed._id));
        const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed._id));
        if (!order) throw new Error('the order was not stored');
        const stored = [
          order.totalCents,
          order.subtotalCents ?? Number.NaN,
          order.shippingCents,
          order.shippingTaxCents,
          order.taxCents,
          ...lines.flatMap((l) => [l.unitPriceCents, l.taxCents]),
        ];
        for (const cents of stored) expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
        const linesTax = lines.reduce((sum, l) => sum + l.taxCents, 0);
        expect(linesTax + order.shippingTaxCents).toBe(order.taxCents);
        const goods = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
        expect(order.subtotalCents).toBe(goods);
        // Tax is added on top, or already inside the goods and the shipping.
        expect(order.totalCents).toBe(goods + order.shippingCents + (order.pricesIncludeTax ? 0 : order.taxCents));

        // Partial refunds of lines and of the shipping: never past what each was paid, tax included.
        const linePaid = (l: (typeof lines)[number]) =>
          l.unitPriceCents * l.quantity + (order.pricesIncludeTax ? 0 : l.taxCents);
        const shippingPaid = order.shippingCents + (order.pricesIncludeTax ? 0 : order.shippingTaxCents);
        const given = new Map<string, number>();
        let refunded = 0;
        for (const attempt of c.refunds) {
          const line = lines[attempt.target];
          const key = line?.id ?? 'shipping';
          const cap = line ? linePaid(line) : shippingPaid;
          const cents = Math.min(Math.max(1, Math.round(cap * attempt.fraction)), order.totalCents - refunded);
          if (cents <= 0) continue;
          const res = await refund(order.id, cents, line ? { lineId: line.id } : { shipping: true });
          const before = given.get(key) ?? 0;
          if (before + cents > cap) {
            expect(res.statusCode, res.body).toBe(409);
            continue;
          }
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json<{ amount: string; tax: string }>().tax).toMatch(WHOLE_CENTS);
          given.set(key, before + cents);
          refunded += cents;
        }

        // The rest of the order, refunded whole: exactly the total comes back, and exactly its tax.
        const rest = order.totalCents - refunded;
        if (rest > 0) {
          const whole = await refund(order.id, rest, {});
          expect(whole.statusCode, whole.body).toBe(201);
        }
        const refunds = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
        const sum = (key: 'amountCents' | 'taxCents') => refunds.reduce((total, r) => total + r[key], 0);
        for (const r of refunds) {
          for (const cents of [r.amountCents, r.taxCents, r.shippingCents])
            expect(Number.isSafeInteger(cents)).toBe(true);
        }
        expect(sum('amountCents')).toBe(order.totalCents);
        expect(sum('taxCents')).toBe(order.taxCents);
        for (const line of lines) {
          const back = refunds.filter((r) => r.lineId === line.id).reduce((total, r) => total + r.amountCents, 0);
          expect(back).toBeLessThanOrEqual(linePaid(line));
        }
        expect(refunds.filter((r) => r.shipping).reduce((total, r) => total + r.amountCents, 0)).toBeLessThanOrEqual(
          shippingPaid,
        );
        const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
        expect(after?.refundedCents).toBe(order.totalCents);
      }),
      { numRuns: CASES },
    );
    expect(cases).toBeGreaterThanOrEqual(CASES);
  }, 90_000);
});
