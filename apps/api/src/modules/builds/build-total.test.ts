import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTotalCents, plannerLine } from '@parts-shop/shared/build-total';
import type { ApiError } from '@parts-shop/shared/error';
import { priceToCents } from '@parts-shop/shared/order';
import { addPart, stockOf } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';

// The planner's total (a build's parts as GET /parts/{id} answers them, in dollars, summed by
// the shared build total) against what the server charges for the same build, over builds of
// random prices, quantities and minimum orders (docs/decisions/0028-what-the-planner-shows-is-charged.md).

const t = useTestApp({ users: { buyer: 'planner@example.com' } });
const { buyer } = t.users;

// Mostly lines the planner would send (at or above the minimum), now and then one below it.
const line = fc.integer({ min: 1, max: 3 }).chain((minOrder) =>
  fc.record({
    priceCents: fc.integer({ min: 1, max: 250_000 }),
    minOrder: fc.constant(minOrder),
    quantity: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: minOrder, max: minOrder + 3 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: minOrder }) },
    ),
  }),
);
const build = fc.array(line, { minLength: 1, maxLength: 6 });
const contact = { phoneNumber: '+1 555 0100', address: '1 Planner Road' };

type Answer = { orders?: { totalPrice: string }[]; totalPrice?: string };

/** What the answer charges: the totalPrice of every order it holds (one order, or a list of them). */
function chargedCents(answer: Answer): number {
  const placed = answer.orders ?? [answer];
  return placed.reduce((sum, order) => sum + (priceToCents(order.totalPrice ?? '') ?? Number.NaN), 0);
}

describe("the planner's total and what the server charges", () => {
  it('are equal for every build the server accepts, and a line below its minimum is refused by name', async () => {
    await fc.assert(
      fc.asyncProperty(build, async (lines) => {
        const ids = await Promise.all(
          lines.map((l, i) =>
            addPart(t, {
              name: `Part ${i} at ${l.priceCents}`,
              priceCents: l.priceCents,
              minOrder: l.minOrder,
              available: 100,
            }),
          ),
        );
        // The planner reads each part as the public API answers it.
        const shown = await Promise.all(
          ids.map(async (id) =>
            (await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json<{ price: number }>(),
          ),
        );
        const plannerCents = buildTotalCents(shown.map((part, i) => plannerLine(part, lines[i]?.quantity ?? 0)));
        const items = ids.map((partId, i) => ({ partId, totalOrder: lines[i]?.quantity ?? 0 }));
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders/batch',
          headers: buyer,
          payload: { items, ...contact },
        });

        const below = lines.flatMap((l, i) =>
          l.quantity < l.minOrder ? [`Part ${i} at ${l.priceCents} (minimum order ${l.minOrder})`] : [],
        );
        if (below.length > 0) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json<ApiError>().message).toBe(`Please Order within the Range: ${below.join(', ')}`);
          expect(await Promise.all(ids.map((id) => stockOf(t, id)))).toEqual(ids.map(() => 100));
          return;
        }
        expect(res.statusCode, res.body).toBe(201);
        expect(chargedCents(res.json<Answer>())).toBe(plannerCents);
      }),
      { numRuns: 15 },
    );
  });
});
