import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRefusal, priceCheckout } from '../checkout/pricing.ts';
import type { ShippingRules } from '../checkout/shipping.ts';
import { linePaidCents, refundShare, shippingPaidCents, type RefundTarget } from './refund-shares.ts';

const SHIPPING: ShippingRules = {
  homeCountry: 'US',
  zones: [
    {
      id: 'all',
      name: 'All',
      countries: [{ country: 'US' }, { country: 'DE' }],
      options: [
        {
          id: 'flat',
          title: 'Flat',
          carrier: 'Post',
          minDays: 1,
          maxDays: 3,
          rate: { type: 'flat', cents: 1499 },
          freeOverCents: 10_000,
          freeParts: [],
        },
      ],
    },
  ],
};

type Prior = { lineId: string | null; shipping: boolean; amountCents: number; taxCents: number; shippingCents: number };

describe('refunds stay exact (property)', () => {
  it('never past a line or the shipping, tax shares within the tax, and a full refund returns exactly the total', () => {
    let cases = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ unitCents: fc.integer({ min: 1, max: 200_000 }), quantity: fc.integer({ min: 1, max: 5 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.constantFrom('US', 'DE'),
        fc.integer({ min: 0, max: 27_000 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.record({ target: fc.nat(7), fraction: fc.double({ min: 0.01, max: 1, noNaN: true }) }), {
          maxLength: 8,
        }),
        (cart, country, milliPercent, pricesIncludeTax, shippingTaxed, attempts) => {
          cases += 1;
          const price = priceCheckout({
            lines: cart.map((l, i) => ({
              ...l,
              key: `l${i}`,
              partId: `p${i}`,
              kind: 'cpu',
              brand: 'B',
              weightGrams: 100,
            })),
            destination: { country, region: null },
            shipping: SHIPPING,
            tax: { pricesIncludeTax, shippingTaxed, rates: [{ country, region: null, name: 'VAT', milliPercent }] },
          });
          if (isRefusal(price)) throw new Error(price.refused);
          const order = {
            totalCents: price.totalCents,
            taxCents: price.taxCents,
            shippingCents: price.shippingCents,
            shippingTaxCents: price.shippingTaxCents,
            pricesIncludeTax,
          };
          const lines = price.lines.map((l) => ({
            id: l.key,
            quantity: l.quantity,
            unitPriceCents: l.unitCents,
            taxCents: l.taxCents,
          }));
          const prior: Prior[] = [];
          const refunded = () => prior.reduce((s, r) => s + r.amountCents, 0);
          for (const attempt of attempts) {
            const line = lines[attempt.target];
            const target: RefundTarget = line
              ? { lineId: line.id }
              : attempt.target === 7
                ? { shipping: true }
                : { order: true };
            const cap = line
              ? linePaidCents(order, line)
              : 'shipping' in target
                ? shippingPaidCents(order)
                : order.totalCents;
            const amountCents = Math.min(
              Math.max(1, Math.round(cap * attempt.fraction)),
              order.totalCents - refunded(),
            );
            if (amountCents <= 0) continue;
            const answer = refundShare(order, lines, prior, target, amountCents);
            const before = prior.filter((r) =>
              line ? r.lineId === line.id : 'shipping' in target ? r.shipping : true,
            );
            const paidBefore = before.reduce((s, r) => s + r.amountCents, 0);
            if ('refused' in answer) {
              expect(paidBefore + amountCents).toBeGreaterThan(cap);
              continue;
            }
            expect(paidBefore + amountCents).toBeLessThanOrEqual(cap);
            expect(Number.isSafeInteger(answer.taxCents) && answer.taxCents >= 0).toBe(true);
            expect(answer.taxCents + answer.shippingCents).toBeLessThanOrEqual(amountCents);
            prior.push({
              lineId: line?.id ?? null,
              shipping: 'shipping' in target,
              amountCents,
              ...answer,
            });
          }
          // The rest of the order, as a cancel refunds it.
          const rest = order.totalCents - refunded();
          if (rest > 0) {
            const last = refundShare(order, lines, prior, { order: true }, rest);
            if ('refused' in last) throw new Error(last.refused);
            prior.push({ lineId: null, shipping: false, amountCents: rest, ...last });
          }
          expect(refunded()).toBe(order.totalCents);
          expect(prior.reduce((s, r) => s + r.taxCents, 0)).toBe(order.taxCents);
          const shippingNet = order.shippingCents - (pricesIncludeTax ? order.shippingTaxCents : 0);
          expect(prior.reduce((s, r) => s + r.shippingCents, 0)).toBe(shippingNet);
          return true;
        },
      ),
      { numRuns: 2000 },
    );
    expect(cases).toBeGreaterThanOrEqual(2000);
  });
});
