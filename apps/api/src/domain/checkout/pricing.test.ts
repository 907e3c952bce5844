import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PART_KINDS } from '@parts-shop/shared/part-specs';
import { isRefusal, priceCheckout, spreadCents, type CheckoutInput, type CheckoutLine } from './pricing.ts';
import type { ShippingRules } from './shipping.ts';
import { lineTax, type TaxRules } from './tax.ts';

const US_SHOP: ShippingRules = {
  homeCountry: 'US',
  zones: [
    {
      id: 'us',
      name: 'United States',
      countries: [{ country: 'US' }],
      options: [
        {
          id: 'us-express',
          title: 'Express',
          carrier: 'UPS',
          minDays: 1,
          maxDays: 2,
          rate: { type: 'flat', cents: 1499 },
          freeOverCents: null,
          freeParts: [],
        },
        {
          id: 'us-standard',
          title: 'Standard',
          carrier: 'USPS',
          minDays: 3,
          maxDays: 5,
          rate: { type: 'flat', cents: 599 },
          freeOverCents: 10_000,
          freeParts: [],
        },
      ],
    },
    {
      id: 'intl',
      name: 'Canada and the EU',
      countries: [{ country: 'CA' }, { country: 'DE' }],
      options: [
        {
          id: 'intl',
          title: 'International',
          carrier: 'DHL',
          minDays: 5,
          maxDays: 10,
          rate: { type: 'weight', bands: [{ upToGrams: 5000, cents: 2499 }] },
          freeOverCents: null,
          freeParts: [],
        },
      ],
    },
  ],
};

const SALES_TAX: TaxRules = {
  pricesIncludeTax: false,
  shippingTaxed: false,
  rates: [
    { country: 'US', region: 'CA', name: 'California sales tax', milliPercent: 7250 },
    { country: 'US', region: 'NY', name: 'New York sales tax', milliPercent: 4000 },
  ],
};

function line(partId: string, unitCents: number, quantity: number, weightGrams = 500): CheckoutLine {
  return { key: partId, partId, kind: 'cpu', brand: 'AMD', unitCents, quantity, weightGrams };
}

const priced = (input: CheckoutInput) => {
  const price = priceCheckout(input);
  if (isRefusal(price)) throw new Error(`refused: ${price.refused}`);
  return price;
};

describe('the checkout price', () => {
  it('offers the zone options cheapest first, picks the cheapest, and adds tax per line in California', () => {
    const price = priced({
      lines: [line('a', 1999, 1), line('b', 2999, 2)],
      destination: { country: 'US', region: 'CA' },
      shipping: US_SHOP,
      tax: SALES_TAX,
    });
    expect(price.options.map((o) => [o.optionId, o.cents])).toEqual([
      ['us-standard', 599],
      ['us-express', 1499],
    ]);
    expect(price.shipping?.optionId).toBe('us-standard');
    // 19.99 × 7.25 % = 1.449… → 1.45; 59.98 × 7.25 % = 4.348… → 4.35
    expect(price.lines.map((l) => l.taxCents)).toEqual([145, 435]);
    expect(price).toMatchObject({ subtotalCents: 7997, shippingCents: 599, taxCents: 580, totalCents: 9176 });
  });

  it('ships Standard free from $100 of goods, and Express stays priced', () => {
    const price = priced({
      lines: [line('a', 10_000, 1)],
      destination: { country: 'US', region: 'TX' },
      shipping: US_SHOP,
      tax: SALES_TAX,
    });
    expect(price.options.map((o) => o.cents)).toEqual([0, 1499]);
    expect(price).toMatchObject({ shippingCents: 0, taxCents: 0, totalCents: 10_000 });
  });

  it('refuses a country no zone covers, and an option the zone does not offer', () => {
    const base = { lines: [line('a', 100, 1)], shipping: US_SHOP, tax: SALES_TAX };
    expect(priceCheckout({ ...base, destination: { country: 'JP' } })).toEqual({
      refused: 'no_shipping_zone',
      country: 'JP',
    });
    expect(priceCheckout({ ...base, destination: { country: 'DE' }, shippingOptionId: 'us-express' })).toEqual({
      refused: 'unknown_shipping_option',
      optionId: 'us-express',
    });
  });

  it('does not offer a weight-priced option for a parcel heavier than its last band', () => {
    const price = priceCheckout({
      lines: [line('a', 100, 11, 500)],
      destination: { country: 'CA', region: 'ON' },
      shipping: US_SHOP,
      tax: SALES_TAX,
    });
    expect(price).toEqual({ refused: 'no_shipping_zone', country: 'CA' });
  });

  it('taxes shipping when the owner says so', () => {
    const price = priced({
      lines: [line('a', 1000, 1)],
      destination: { country: 'US', region: 'NY' },
      shippingOptionId: 'us-express',
      shipping: US_SHOP,
      tax: { ...SALES_TAX, shippingTaxed: true },
    });
    // 14.99 × 4 % = 0.5996 → 0.60
    expect(price).toMatchObject({ shippingCents: 1499, shippingTaxCents: 60, taxCents: 100, totalCents: 2599 });
  });

  it('extracts included tax without moving the total a cent', () => {
    const price = priced({
      lines: [line('a', 1999, 3)],
      destination: { country: 'US', region: 'CA' },
      shipping: US_SHOP,
      tax: { ...SALES_TAX, pricesIncludeTax: true, shippingTaxed: true },
    });
    // 59.97 / 1.0725 = 55.916… → 55.92 net, 4.05 tax; 5.99 / 1.0725 = 5.585… → 5.59, 0.40 tax
    expect(price.lines[0]?.taxCents).toBe(405);
    expect(price).toMatchObject({ subtotalCents: 5997, shippingTaxCents: 40, taxCents: 445, totalCents: 6596 });
  });

  it('prices goods alone without a destination', () => {
    const price = priced({ lines: [line('a', 1999, 2)], destination: null, shipping: US_SHOP, tax: SALES_TAX });
    expect(price).toMatchObject({ options: [], shipping: null, taxCents: 0, totalCents: 3998 });
  });

  it('takes item discounts, then spreads order discounts over the lines, before shipping and tax', () => {
    const price = priced({
      lines: [line('a', 6000, 1), line('b', 6000, 1)],
      destination: { country: 'US', region: 'CA' },
      shipping: US_SHOP,
      tax: SALES_TAX,
      discounts: [
        { id: 'd1', title: 'Ten off a', stage: 'item', cents: new Map([['a', 1000]]) },
        { id: 'd2', title: 'Order', stage: 'order', cents: 1100 },
      ],
    });
    expect(price.lines.map((l) => l.discountCents)).toEqual([1500, 600]);
    // Goods after discounts are $99.00, under the $100 free-shipping line.
    expect(price).toMatchObject({ subtotalCents: 9900, shippingCents: 599 });
  });
});

describe('spreadCents', () => {
  it('splits in proportion and always adds up', () => {
    expect(spreadCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.nat(100_000), { minLength: 1, maxLength: 20 }), (total, weights) => {
        const shares = spreadCents(total, weights);
        const sum = shares.reduce((a, b) => a + b, 0);
        return weights.every((w) => w >= 0) && (weights.every((w) => w === 0) ? sum === 0 : sum === total);
      }),
    );
  });
});

const arbitraryCart = fc.array(
  fc.record({
    unitCents: fc.integer({ min: 1, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    weightGrams: fc.integer({ min: 0, max: 20_000 }),
    kind: fc.constantFrom(...PART_KINDS),
  }),
  { minLength: 1, maxLength: 12 },
);

describe('money stays exact (property)', () => {
  it('whole cents, lines add up, total = goods + shipping + tax, for random carts, destinations and rates', () => {
    let cases = 0;
    fc.assert(
      fc.property(
        arbitraryCart,
        fc.constantFrom('US', 'CA', 'DE', 'JP'),
        fc.constantFrom('CA', 'NY', 'TX', 'ON', undefined),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        fc.boolean(),
        (cart, country, region, regionRate, countryRate, pricesIncludeTax, shippingTaxed) => {
          cases += 1;
          const lines = cart.map((l, i) => ({ ...l, key: `l${i}`, partId: `p${i}`, brand: 'Brand' }));
          const tax: TaxRules = {
            pricesIncludeTax,
            shippingTaxed,
            rates: [
              { country, region: null, name: 'national', milliPercent: countryRate },
              { country: 'US', region: region ?? 'CA', name: 'regional', milliPercent: regionRate },
            ],
          };
          const price = priceCheckout({ lines, destination: { country, region }, shipping: US_SHOP, tax });
          if (isRefusal(price)) return country === 'JP' || price.refused === 'no_shipping_zone';
          const amounts = [
            price.subtotalCents,
            price.shippingCents,
            price.shippingTaxCents,
            price.taxCents,
            price.totalCents,
            ...price.lines.flatMap((l) => [l.paidCents, l.taxCents]),
          ];
          expect(amounts.every((a) => Number.isSafeInteger(a) && a >= 0)).toBe(true);
          expect(price.lines.reduce((s, l) => s + l.taxCents, 0) + price.shippingTaxCents).toBe(price.taxCents);
          const netGoods = price.subtotalCents - (pricesIncludeTax ? price.taxCents - price.shippingTaxCents : 0);
          const netShipping = price.shippingCents - (pricesIncludeTax ? price.shippingTaxCents : 0);
          expect(netGoods + netShipping + price.taxCents).toBe(price.totalCents);
          for (const l of price.lines)
            expect(l.taxCents).toBeLessThanOrEqual(pricesIncludeTax ? l.paidCents : Infinity);
          return true;
        },
      ),
      { numRuns: 2000 },
    );
    expect(cases).toBeGreaterThanOrEqual(2000);
  });

  it('extracted tax plus the net is the labelled price, and added tax is the rate rounded half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100_000 }), (cents, milli) => {
        const added = lineTax(cents, milli, false);
        expect(Math.abs(added - (cents * milli) / 100_000)).toBeLessThanOrEqual(0.5);
        const included = lineTax(cents, milli, true);
        const net = cents - included;
        expect(Math.abs(net - (cents * 100_000) / (100_000 + milli))).toBeLessThanOrEqual(0.5);
        return included >= 0 && included <= cents;
      }),
      { numRuns: 2000 },
    );
  });
});
