import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTotalCents, fitsBuildSlot, plannerLine, slotMinOrderMessage } from './build-total.ts';
import { centsToDollars } from './money.ts';

describe('the build total', () => {
  it("is the same in cents whether summed from the server's cents or from the dollars the planner reads", () => {
    const line = fc.record({
      unitCents: fc.integer({ min: 0, max: 99_999_999 }),
      quantity: fc.integer({ min: 1, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const server = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
        const planner = buildTotalCents(
          lines.map((l) => plannerLine({ price: centsToDollars(l.unitCents) }, l.quantity)),
        );
        expect(planner).toBe(server);
        expect(buildTotalCents(lines)).toBe(server);
      }),
    );
  });

  it('lets a part into a build slot only when one is at or above its minimum order', () => {
    expect(fitsBuildSlot({ minOrder: 1 })).toBe(true);
    expect(fitsBuildSlot({ minOrder: 3 })).toBe(false);
    expect(slotMinOrderMessage(3)).toBe('Sold in packs of 3: not for a single build slot');
  });
});
