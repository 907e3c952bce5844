import type { BuildItem } from '@parts-shop/shared/build';
import { buildParams, isMultipleSlot, type BuildSlotKind } from '@parts-shop/shared/build-link';
import { PART_IDS_MAX } from '@parts-shop/shared/part-query';

/**
 * The planner's slots and how a build lives in the URL: one parameter per slot holding a part
 * id (`/build?cpu=…&motherboard=…`), repeated for the slots that hold several (memory kits,
 * drives, extras). `part` (repeatable) names parts by id alone, e.g. a saved build opened from
 * My Builds: the planner puts each one in the slot of its kind once it has loaded.
 */
export const SLOTS = [
  { slot: 'cpu', label: 'Processor' },
  { slot: 'motherboard', label: 'Motherboard' },
  { slot: 'memory', label: 'Memory', multiple: true },
  { slot: 'gpu', label: 'Graphics card' },
  { slot: 'storage', label: 'Storage', multiple: true },
  { slot: 'psu', label: 'Power supply' },
  { slot: 'case', label: 'Case' },
  { slot: 'cooling', label: 'Cooling' },
  { slot: 'other', label: 'Extras', multiple: true },
] as const satisfies readonly { slot: BuildSlotKind; label: string; multiple?: boolean }[];

export type Slot = (typeof SLOTS)[number]['slot'];
type MultipleSlot = Extract<(typeof SLOTS)[number], { multiple: true }>['slot'];
type SingleSlot = Exclude<Slot, MultipleSlot>;

export type Selection = Partial<Record<SingleSlot, string>> & Record<MultipleSlot, string[]>;

export const emptySelection = (): Selection => ({ memory: [], storage: [], other: [] });

const SLOT_NAMES = new Set<string>(SLOTS.map((s) => s.slot));
export const isSlot = (kind: string): kind is Slot => SLOT_NAMES.has(kind);
export const isMultiple = (slot: Slot): slot is MultipleSlot => isMultipleSlot(slot);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The build a URL describes; malformed ids, repeats and parts past the most one read answers
 * (PART_IDS_MAX) are dropped, not guessed at.
 */
export function selectionFromParams(params: URLSearchParams): { selection: Selection; loose: string[] } {
  const selection = emptySelection();
  const seen = new Set<string>();
  const take = (id: string | null) => {
    if (!id || !ID.test(id) || seen.has(id) || seen.size >= PART_IDS_MAX) return false;
    seen.add(id);
    return true;
  };
  for (const { slot } of SLOTS) {
    if (isMultiple(slot)) {
      for (const id of params.getAll(slot)) if (take(id)) selection[slot].push(id);
    } else {
      const id = params.get(slot);
      if (take(id)) selection[slot] = id as string;
    }
  }
  const loose = params.getAll('part').filter(take);
  return { selection, loose };
}

/** Every part a URL names, in a slot or loose: what the planner reads. */
export function idsOfBuild(params: URLSearchParams): string[] {
  const { selection, loose } = selectionFromParams(params);
  return [...selectedIds(selection), ...loose];
}

/** The ids in one slot, in order: none, one, or each line of a slot that holds several. */
export const idsInSlot = (selection: Selection, slot: Slot): string[] =>
  isMultiple(slot) ? selection[slot] : [selection[slot]].filter((id) => id !== undefined);

export function paramsFromSelection(selection: Selection): URLSearchParams {
  return buildParams(SLOTS.flatMap(({ slot }) => idsInSlot(selection, slot).map((id) => ({ id, kind: slot }))));
}

export function selectedIds(selection: Selection): string[] {
  return SLOTS.flatMap(({ slot }) => idsInSlot(selection, slot));
}

/**
 * Puts a part in its kind's slot: replaces a single slot's part; in a slot that holds several,
 * adds it, or swaps the line `replacing` in place.
 */
export function withPart(selection: Selection, kind: Slot, id: string, replacing?: string): Selection {
  if (isMultiple(kind)) {
    const lines = selection[kind];
    if (lines.includes(id)) return replacing ? withoutPart(selection, replacing) : selection;
    const next = replacing ? lines.map((line) => (line === replacing ? id : line)) : [...lines, id];
    return { ...selection, [kind]: next };
  }
  return { ...selection, [kind]: id };
}

export function withoutPart(selection: Selection, id: string): Selection {
  const next: Selection = {
    memory: selection.memory.filter((s) => s !== id),
    storage: selection.storage.filter((s) => s !== id),
    other: selection.other.filter((s) => s !== id),
  };
  for (const { slot } of SLOTS) {
    if (!isMultiple(slot) && selection[slot] && selection[slot] !== id) next[slot] = selection[slot];
  }
  return next;
}

/** One of each selected part, the shape saved builds and build checks take. */
export function itemsOfSelection(selection: Selection): BuildItem[] {
  return selectedIds(selection).map((partId) => ({ partId, quantity: 1 }));
}

/** A saved build as a planner link: its parts by id, placed in their slots on arrival. */
export function plannerLinkOf(items: readonly { partId: string }[]): string {
  const params = new URLSearchParams();
  for (const item of items) params.append('part', item.partId);
  return `/build?${params.toString()}`;
}
