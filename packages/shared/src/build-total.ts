import { dollarsToCents } from './money.ts';

/**
 * What a build costs and what goes in it, written once: the planner shows this total and the
 * server charges it when it prices a build order, so the two cannot drift apart
 * (docs/decisions/0028-what-the-planner-shows-is-charged.md).
 */

/** A build line in integer cents: the part's unit price and how many of it. */
export type PricedLine = { unitCents: number; quantity: number };

export const lineCents = (line: PricedLine): number => line.unitCents * line.quantity;

export const buildTotalCents = (lines: readonly PricedLine[]): number =>
  lines.reduce((sum, line) => sum + lineCents(line), 0);

/** A line as the planner holds it: a part priced in dollars, as the API answers it. */
export const plannerLine = (part: { price: number }, quantity: number): PricedLine => ({
  unitCents: dollarsToCents(part.price),
  quantity,
});

/** How many of its part a build slot holds: a PC takes one processor, one board, each drive once. */
export const SLOT_QUANTITY = 1;

/** Whether a part can go into a build slot once, i.e. its minimum order is not above it. */
export const fitsBuildSlot = (part: { minOrder: number }): boolean => part.minOrder <= SLOT_QUANTITY;

/** Why the planner will not put a part with a larger minimum order in a slot. */
export const slotMinOrderMessage = (minOrder: number): string =>
  `Sold in packs of ${minOrder}: not for a single build slot`;
