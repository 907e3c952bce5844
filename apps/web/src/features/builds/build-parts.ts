import {
  PSU_HEADROOM_SHARE,
  checkBuild,
  problemsWith,
  type BuildCheck,
  type BuildPart,
  type Problem,
} from '@parts-shop/shared/compatibility';
import { LINE_QUANTITY_MAX } from '@parts-shop/shared/build-link';
import { SLOT_QUANTITY, fitsBuildSlot, slotMinOrderMessage } from '@parts-shop/shared/build-total';
import type { PartSpecs } from '@parts-shop/shared/part-specs';
import type { PlannerPart } from './api/planner-parts.ts';
import { isMultiple, type Slot } from './build-slots.ts';

/** How many of a part its planner line holds (one for a single slot). */
export type QuantityOf = (id: string) => number;
export const oneOfEach: QuantityOf = () => 1;

/** The planner's parts as the compatibility engine reads them, each at its line's quantity. */
export function toBuildPart(part: PlannerPart, quantity = 1): BuildPart {
  // The kind and its specs travel together (PartSpecs is a union on kind).
  const specs = { kind: part.kind, specs: part.specs } as PartSpecs;
  return { id: part._id, name: part.name, quantity, ...specs };
}

export function checkParts(parts: readonly PlannerPart[], quantityOf: QuantityOf = oneOfEach): BuildCheck {
  return checkBuild(parts.map((part) => toBuildPart(part, quantityOf(part._id))));
}

export type Candidate = {
  part: PlannerPart;
  problems: Problem[];
  clash: Problem | undefined;
  /** Why the part cannot be chosen at all: its minimum order is more than a slot holds. */
  unfit: string | undefined;
};

/**
 * A picker's candidates against the build so far: the part a single slot would replace is
 * left out, and parts that fit come first, then the ones that would clash, each with the
 * first reason, then those sold only in larger quantities than a line holds. The catalog's
 * order is kept within each group. A candidate for a slot that holds several comes in at its
 * minimum order, as the planner adds it.
 */
export function rankCandidates(
  build: readonly PlannerPart[],
  slot: Slot,
  candidates: readonly PlannerPart[],
  quantityOf: QuantityOf = oneOfEach,
): Candidate[] {
  const rest = build.filter((p) => isMultiple(slot) || p.kind !== slot).map((p) => toBuildPart(p, quantityOf(p._id)));
  const most = isMultiple(slot) ? LINE_QUANTITY_MAX : SLOT_QUANTITY;
  const ranked = candidates.map((part) => {
    const problems = problemsWith(rest, toBuildPart(part, isMultiple(slot) ? part.minOrder : 1));
    const unfit = fitsBuildSlot(part, most) ? undefined : slotMinOrderMessage(part.minOrder);
    return { part, problems, clash: problems.find((p) => p.severity === 'error'), unfit };
  });
  const group = (c: Candidate) => (c.unfit ? 2 : c.clash ? 1 : 0);
  return [0, 1, 2].flatMap((g) => ranked.filter((c) => group(c) === g));
}

export type PowerLoad = 'fine' | 'near' | 'over';

/** Where the estimated draw sits against the supply, by the same limits the engine judges with. */
export function powerLoad(estimatedWatts: number, psuWatts: number): PowerLoad {
  if (estimatedWatts > psuWatts) return 'over';
  return estimatedWatts > psuWatts * PSU_HEADROOM_SHARE ? 'near' : 'fine';
}

/**
 * Where each problem is shown: once, on the row of the last of its parts in the planner's order
 * (`rowIds`), the part that brought the clash in (the memory against the board, the supply
 * against the draw). Answers row id → its problems, in the engine's order.
 */
export function problemsBeside(problems: readonly Problem[], rowIds: readonly string[]): Map<string, Problem[]> {
  const beside = new Map<string, Problem[]>();
  for (const problem of problems) {
    const row = rowIds.findLast((id) => problem.partIds.includes(id));
    if (row !== undefined) beside.set(row, [...(beside.get(row) ?? []), problem]);
  }
  return beside;
}
