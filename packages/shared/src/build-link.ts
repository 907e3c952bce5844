import type { PartKind } from './part-specs.ts';

/** A build in the planner's address: one part id per slot, `storage` repeated, `part` for the rest. */
export const BUILD_SLOT_KINDS = ['cpu', 'motherboard', 'memory', 'gpu', 'storage', 'psu', 'case', 'cooling'] as const;
export type BuildSlotKind = (typeof BUILD_SLOT_KINDS)[number];

const isSlotKind = (kind: PartKind): kind is BuildSlotKind => (BUILD_SLOT_KINDS as readonly string[]).includes(kind);

/** The planner's parameters for these parts, in slot order; a later part of a single slot's kind replaces the earlier one. */
export function buildParams(parts: readonly { id: string; kind: PartKind }[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const slot of BUILD_SLOT_KINDS) {
    const ids = [...new Set(parts.filter((p) => p.kind === slot).map((p) => p.id))];
    if (slot === 'storage') for (const id of ids) params.append(slot, id);
    else if (ids.length > 0) params.set(slot, ids.at(-1) ?? '');
  }
  for (const part of parts) if (!isSlotKind(part.kind)) params.append('part', part.id);
  return params;
}

export const buildLink = (parts: readonly { id: string; kind: PartKind }[]): string =>
  `/build?${buildParams(parts).toString()}`;
