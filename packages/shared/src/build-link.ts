import type { PartKind } from './part-specs.ts';

/**
 * A build in the planner's address: one part id per slot, repeated for the kinds a PC takes
 * several of (memory kits, drives, and extras such as fans, paste, an operating system or
 * monitors: kind `other`), `part` for parts named by id alone.
 */
export const BUILD_SLOT_KINDS = [
  'cpu',
  'motherboard',
  'memory',
  'gpu',
  'storage',
  'psu',
  'case',
  'cooling',
  'other',
] as const satisfies readonly PartKind[];
export type BuildSlotKind = (typeof BUILD_SLOT_KINDS)[number];

/** The slots that hold several parts, each its own line. */
export const MULTIPLE_SLOT_KINDS = ['memory', 'storage', 'other'] as const satisfies readonly BuildSlotKind[];
export const isMultipleSlot = (kind: PartKind): boolean => (MULTIPLE_SLOT_KINDS as readonly string[]).includes(kind);

const isSlotKind = (kind: PartKind): kind is BuildSlotKind => (BUILD_SLOT_KINDS as readonly string[]).includes(kind);

/** The planner's parameters for these parts, in slot order; a later part of a single slot's kind replaces the earlier one. */
export function buildParams(parts: readonly { id: string; kind: PartKind }[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const slot of BUILD_SLOT_KINDS) {
    const ids = [...new Set(parts.filter((p) => p.kind === slot).map((p) => p.id))];
    if (isMultipleSlot(slot)) for (const id of ids) params.append(slot, id);
    else if (ids.length > 0) params.set(slot, ids.at(-1) ?? '');
  }
  for (const part of parts) if (!isSlotKind(part.kind)) params.append('part', part.id);
  return params;
}

export const buildLink = (parts: readonly { id: string; kind: PartKind }[]): string =>
  `/build?${buildParams(parts).toString()}`;
