import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PART_KINDS, type PartKind } from '@parts-shop/shared/part-specs';
import { linePaidCents, shippingPaidCents } from '../payments/refund-shares.ts';
import { decideDiscounts, type DiscountOffer, type DiscountRequest } from './discounts.ts';
import { isRefusal, priceCheckout, type CheckoutLine } from './pricing.ts';
import type { ShippingRules } from './shipping.ts';

const NOW = new Date('2026-12-07T12:00:00Z');

function offer(fields: Partial<DiscountOffer> & Pick<DiscountOffer, 'id' | 'kind' | 'value'>): DiscountOffer {
  return {
    code: fields.id.toUpperCase(),
    title: fields.id,
    parts: [],
    kinds: [],
    brands: [],
    minSubtotalCents: null,
    firstOrderOnly: false,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    combinable: true,
    priority: 10,
    paused: false,
    ...fields,
  };
}

const line = (key: string, unitCents: number, quantity = 1, kind: PartKind = 'gpu'): CheckoutLine => ({
  key,
  partId: `part-${key}`,
  kind,
  brand: 'Brand',
  unitCents,
  quantity,
  weightGrams: 0,
});

function decide(offers: DiscountOffer[], codes: string[], lines: CheckoutLine[], extra: Partial<DiscountRequest> = {}) {
  return decideDiscounts({
    offers,
    codes,
    lines,
    buyer: { firstOrder: true, uses: new Map() },
    usesSoFar: new Map(),
    now: NOW,
    ...extra,
  });
}

const cents = (d: ReturnType<typeof decide>) => d.applied.map((a) => [a.offer.id, a.cents]);

describe('which discounts apply, and how much', () => {
  const p10 = offer({ id: 'p10', kind: 'percentage', value: 1000 });
  const p5 = offer({ id: 'p5', kind: 'percentage', value: 500 });

  it('compounds percentages in the order entered at equal priority, and by priority otherwise', () => {
    const lines = [line('a', 10_000)];
    expect(cents(decide([p10, p5], ['P10', 'P5'], lines))).toEqual([
      ['p10', 1000],
      ['p5', 450],
    ]);
    expect(cents(decide([p10, p5], ['P5', 'P10'], lines))).toEqual([
      ['p5', 500],
      ['p10', 950],
    ]);
    const first = { ...p5, priority: 1 };
    expect(cents(decide([p10, first], ['P10', 'P5'], lines))).toEqual([
      ['p5', 500],
      ['p10', 950],
    ]);
  });

  it('takes item discounts before order discounts, whatever their priority', () => {
    const gpuOnly = offer({ id: 'gpus', kind: 'fixed_order', value: 2000, kinds: ['gpu'], priority: 99 });
    const d = decide([p10, gpuOnly], ['P10', 'GPUS'], [line('a', 10_000), line('b', 5_000, 1, 'psu')]);
    expect(d.applied.map((a) => [a.offer.id, a.stage, a.cents])).toEqual([
      ['gpus', 'item', 2000],
      ['p10', 'order', 1300],
    ]);
    expect(d.checkout.map((c) => c.stage)).toEqual(['item', 'order']);
  });

  it('spreads an order discount over the lines by value, the shares adding up exactly', () => {
    const third = offer({ id: 'third', kind: 'fixed_order', value: 1000 });
    const d = decide([third], ['THIRD'], [line('a', 3333), line('b', 3333), line('c', 3334)]);
    const shares = [...(d.applied[0]?.lineCents.values() ?? [])];
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(shares).toEqual([333, 333, 334]);
  });

  it('takes a fixed amount off each eligible unit, never below zero', () => {
    const each = offer({ id: 'each', kind: 'fixed_item', value: 700, kinds: ['psu'] });
    const d = decide([each], ['EACH'], [line('a', 10_000, 2), line('b', 500, 3, 'psu'), line('c', 1000, 2, 'psu')]);
    expect([...(d.applied[0]?.lineCents.values() ?? [])]).toEqual([0, 1500, 1400]);
  });

  it('refuses codes with their reasons, in order', () => {
    const lines = [line('a', 5_000)];
    const offers = [
      offer({ id: 'late', kind: 'percentage', value: 100, startsAt: new Date('2027-01-01') }),
      offer({ id: 'old', kind: 'percentage', value: 100, endsAt: new Date('2026-01-01') }),
      offer({ id: 'psus', kind: 'percentage', value: 100, kinds: ['psu'] }),
      offer({ id: 'big', kind: 'fixed_order', value: 100, minSubtotalCents: 10_000 }),
      offer({ id: 'first', kind: 'percentage', value: 100, firstOrderOnly: true }),
      offer({ id: 'gone', kind: 'percentage', value: 100, usageLimit: 3 }),
      offer({ id: 'mine', kind: 'percentage', value: 100, perCustomerLimit: 1 }),
      offer({ id: 'paused', kind: 'percentage', value: 100, paused: true }),
      offer({ id: 'alone', kind: 'percentage', value: 100, combinable: false }),
      p10,
    ];
    const d = decide(
      offers,
      ['P10', 'LATE', 'OLD', 'PSUS', 'BIG', 'FIRST', 'GONE', 'MINE', 'PAUSED', 'NOPE', 'P10', 'ALONE'],
      lines,
      {
        buyer: { firstOrder: false, uses: new Map([['mine', 1]]) },
        usesSoFar: new Map([['gone', 3]]),
      },
    );
    expect(d.refused.map((r) => [r.code, r.refusal])).toEqual([
      ['LATE', 'discount_code_not_started'],
      ['OLD', 'discount_code_expired'],
      ['PSUS', 'discount_code_not_eligible'],
      ['BIG', 'discount_code_minimum_not_met'],
      ['FIRST', 'discount_code_user_ineligible'],
      ['GONE', 'discount_code_used_up'],
      ['MINE', 'discount_code_used_up'],
      ['PAUSED', 'discount_code_invalid'],
      ['NOPE', 'discount_code_invalid'],
      ['P10', 'discount_code_already_applied'],
      ['ALONE', 'discount_code_combination_disallowed'],
    ]);
    expect(cents(d)).toEqual([['p10', 500]]);
  });

  it('lets a code win over an automatic promotion it does not combine with; the promotion joins otherwise', () => {
    const sale = offer({ id: 'sale', code: null, kind: 'percentage', value: 1000, kinds: ['psu'], priority: 0 });
    const save = offer({ id: 'save', kind: 'fixed_order', value: 2000, combinable: false });
    const lines = [line('a', 20_000, 1, 'psu')];
    expect(cents(decide([sale, save], [], lines))).toEqual([['sale', 2000]]);
    expect(cents(decide([sale, save], ['SAVE'], lines))).toEqual([['save', 2000]]);
    expect(cents(decide([sale, p10], ['P10'], lines))).toEqual([
      ['sale', 2000],
      ['p10', 1800],
    ]);
  });

  it('marks free shipping, which pricing then waives after the goods discounts', () => {
    const ship = offer({ id: 'ship', kind: 'free_shipping', value: 0 });
    const d = decide([ship], ['SHIP'], [line('a', 5_000)]);
    expect(d.freeShipping).toBe(true);
    expect(d.applied.map((a) => a.stage)).toEqual(['shipping']);
  });
});

const US: ShippingRules = {
  homeCountry: 'US',
  zones: [
    {
      id: 'us',
      name: 'US',
      countries: [{ country: 'US' }],
      options: [
        {
          id: 'std',
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
  ],
};

const arbitraryOffer = fc.record({
  kind: fc.constantFrom('percentage', 'fixed_order', 'fixed_item', 'free_shipping' as const),
  percent: fc.integer({ min: 1, max: 10_000 }),
  amount: fc.integer({ min: 1, max: 200_000 }),
  kinds: fc.subarray([...PART_KINDS], { maxLength: 3 }),
  combinable: fc.boolean(),
  priority: fc.integer({ min: 0, max: 3 }),
});

describe('money stays exact with discounts (property)', () => {
  it('shares add up to each discount, no line below zero, tax exact, and refunds of every line and the shipping give back the total', () => {
    let cases = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 1, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
            kind: fc.constantFrom(...PART_KINDS),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(arbitraryOffer, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.boolean(),
        (cart, drawn, rate, pricesIncludeTax) => {
          cases += 1;
          const lines = cart.map((l, i) => ({ ...line(`l${i}`, l.unitCents, l.quantity, l.kind) }));
          const offers = drawn.map((o, i) =>
            offer({
              id: `d${i}`,
              kind: o.kind,
              value: o.kind === 'percentage' ? o.percent : o.kind === 'free_shipping' ? 0 : o.amount,
              kinds: o.kinds,
              combinable: o.combinable,
              priority: o.priority,
            }),
          );
          const d = decide(
            offers,
            offers.map((o) => o.code ?? ''),
            lines,
          );
          for (const a of d.applied) expect([...a.lineCents.values()].reduce((s, c) => s + c, 0)).toBe(a.cents);
          const price = priceCheckout({
            lines,
            destination: { country: 'US', region: 'CA' },
            shipping: US,
            tax: {
              pricesIncludeTax,
              shippingTaxed: true,
              rates: [{ country: 'US', region: 'CA', name: 'CA', milliPercent: rate }],
            },
            discounts: d.checkout,
            freeShipping: d.freeShipping,
          });
          if (isRefusal(price)) return false;
          const goodsOff = d.applied.reduce((s, a) => s + a.cents, 0);
          expect(price.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(goodsOff);
          for (const l of price.lines) {
            expect(l.paidCents).toBeGreaterThanOrEqual(0);
            expect(l.discountCents).toBe(d.applied.reduce((s, a) => s + (a.lineCents.get(l.key) ?? 0), 0));
          }
          if (d.freeShipping) expect(price.shippingCents).toBe(0);
          // Refunding every line as paid (after its share, with its tax) and the shipping returns the total exactly.
          const order = { ...price, pricesIncludeTax };
          const refundable =
            price.lines.reduce(
              (s, l) =>
                s +
                linePaidCents(order, {
                  id: l.key,
                  quantity: l.quantity,
                  unitPriceCents: l.unitCents,
                  taxCents: l.taxCents,
                  discountCents: l.discountCents,
                }),
              0,
            ) + shippingPaidCents(order);
          expect(refundable).toBe(price.totalCents);
          return true;
        },
      ),
      { numRuns: 1000 },
    );
    expect(cases).toBeGreaterThanOrEqual(1000);
  });
});
