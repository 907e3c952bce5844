import {
  PSU_HEADROOM_SHARE,
  checkBuild,
  problemsWith,
  type BuildCheck,
  type BuildPart,
  type Problem,
} from '@parts-shop/shared/compatibility';
import { fitsBuildSlot, slotMinOrderMessage } from '@parts-shop/shared/build-total';
import type { PartSpecs } from '@parts-shop/shared/part-specs';
import type { PlannerPart } from './api/planner-parts.ts';
import { isMultiple, type Slot } from './build-slots.ts';

/** The planner's parts as the compatibility engine reads them (one of each). */
export function toBuildPart(part: PlannerPart): BuildPart {
  // The kind and its specs travel together (PartSpecs is a union on kind).
  const specs = { kind: part.kind, specs: part.specs } as PartSpecs;
  return { id: part._id, name: part.name, quantity: 1, ...specs };
}

export function checkParts(parts: readonly PlannerPart[]): BuildCheck {
  return checkBuild(parts.map(toBuildPart));
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
 * first reason, then those sold only in larger quantities than a slot holds. The catalog's
 * order is kept within each group.
 */
export function rankCandidates(
  build: readonly PlannerPart[],
  slot: Slot,
  candidates: readonly PlannerPart[],
): Candidate[] {
  const rest = build.filter((p) => isMultiple(slot) || p.kind !== slot).map(toBuildPart);
  const ranked = candidates.map((part) => {
    const problems = problemsWith(rest, toBuildPart(part));
    const unfit = fitsBuildSlot(part) ? undefined : slotMinOrderMessage(part.minOrder);
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
