import { dollarsToCents } from './money.ts';

/** A build's total, written once so the planner's figure and the charge cannot drift (docs/decisions/0028). */

export type PricedLine = { unitCents: number; quantity: number };

export const lineCents = (line: PricedLine): number => line.unitCents * line.quantity;

export const buildTotalCents = (lines: readonly PricedLine[]): number =>
  lines.reduce((sum, line) => sum + lineCents(line), 0);

export const plannerLine = (part: { price: number }, quantity: number): PricedLine => ({
  unitCents: dollarsToCents(part.price),
  quantity,
});

/** How many of its part a single build slot holds: a PC takes one processor, one board, one case. */
export const SLOT_QUANTITY = 1;

/** Whether a part can fill a build line of `quantity` (one for a single slot), i.e. its minimum order is not above it. */
export const fitsBuildSlot = (part: { minOrder: number }, quantity = SLOT_QUANTITY): boolean =>
  part.minOrder <= quantity;

/** Why the planner will not put a part with a larger minimum order in a slot. */
export const slotMinOrderMessage = (minOrder: number): string =>
  `Sold in packs of ${minOrder}: not for a single build slot`;
