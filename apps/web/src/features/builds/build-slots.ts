import type { BuildItem } from '@parts-shop/shared/build';
import { buildParams } from '@parts-shop/shared/build-link';
import { PART_IDS_MAX } from '@parts-shop/shared/part-query';
import type { PartKind } from '@parts-shop/shared/part-specs';

/**
 * The planner's slots and how a build lives in the URL: one parameter per slot holding a part
 * id (`/build?cpu=…&motherboard=…`), `storage` repeated for each drive. `part` (repeatable)
 * names parts by id alone, e.g. a saved build opened from My Builds: the planner puts each
 * one in the slot of its kind once it has loaded.
 */
export const SLOTS = [
  { slot: 'cpu', label: 'Processor' },
  { slot: 'motherboard', label: 'Motherboard' },
  { slot: 'memory', label: 'Memory' },
  { slot: 'gpu', label: 'Graphics card' },
  { slot: 'storage', label: 'Storage', multiple: true },
  { slot: 'psu', label: 'Power supply' },
  { slot: 'case', label: 'Case' },
  { slot: 'cooling', label: 'Cooling' },
] as const satisfies readonly { slot: PartKind; label: string; multiple?: boolean }[];

export type Slot = (typeof SLOTS)[number]['slot'];
type SingleSlot = Exclude<Slot, 'storage'>;

export type Selection = Partial<Record<SingleSlot, string>> & { storage: string[] };

const SLOT_NAMES = new Set<string>(SLOTS.map((s) => s.slot));
export const isSlot = (kind: string): kind is Slot => SLOT_NAMES.has(kind);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The build a URL describes; malformed ids, repeats and parts past the most one read answers
 * (PART_IDS_MAX) are dropped, not guessed at.
 */
export function selectionFromParams(params: URLSearchParams): { selection: Selection; loose: string[] } {
  const selection: Selection = { storage: [] };
  const seen = new Set<string>();
  const take = (id: string | null) => {
    if (!id || !ID.test(id) || seen.has(id) || seen.size >= PART_IDS_MAX) return false;
    seen.add(id);
    return true;
  };
  for (const { slot } of SLOTS) {
    if (slot === 'storage') {
      for (const id of params.getAll('storage')) if (take(id)) selection.storage.push(id);
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

export function paramsFromSelection(selection: Selection): URLSearchParams {
  return buildParams(
    SLOTS.flatMap(({ slot }) =>
      (slot === 'storage' ? selection.storage : [selection[slot]].filter((id) => id !== undefined)).map((id) => ({
        id,
        kind: slot,
      })),
    ),
  );
}

export function selectedIds(selection: Selection): string[] {
  return SLOTS.flatMap(({ slot }) => (slot === 'storage' ? selection.storage : (selection[slot] ?? [])));
}

/** Puts a part in its kind's slot: replaces the slot's part, or adds a drive (or swaps the drive `replacing` in place). */
export function withPart(selection: Selection, kind: Slot, id: string, replacing?: string): Selection {
  if (kind === 'storage') {
    if (selection.storage.includes(id)) return replacing ? withoutPart(selection, replacing) : selection;
    const storage = replacing
      ? selection.storage.map((drive) => (drive === replacing ? id : drive))
      : [...selection.storage, id];
    return { ...selection, storage };
  }
  return { ...selection, [kind]: id };
}

export function withoutPart(selection: Selection, id: string): Selection {
  const next: Selection = { storage: selection.storage.filter((s) => s !== id) };
  for (const { slot } of SLOTS) {
    if (slot !== 'storage' && selection[slot] && selection[slot] !== id) next[slot] = selection[slot];
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
