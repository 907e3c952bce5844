import type { BuildItem } from '@parts-shop/shared/build';
import {
  LINE_QUANTITY_MAX,
  buildParams,
  isMultipleSlot,
  lineParam,
  parseLineParam,
  type BuildSlotKind,
} from '@parts-shop/shared/build-link';
import { PART_IDS_MAX } from '@parts-shop/shared/part-query';

/**
 * The planner's slots and how a build lives in the URL: one parameter per slot holding a part
 * id (`/build?cpu=…&motherboard=…`), repeated for the slots that hold several (memory kits,
 * drives, case fans, extras), each of those lines with its quantity (`fan=…*3`). `part`
 * (repeatable) names parts by id alone, e.g. a saved build opened from My Builds: the planner
 * puts each one in the slot of its kind once it has loaded.
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
  { slot: 'fan', label: 'Case fans', multiple: true },
  { slot: 'other', label: 'Extras', multiple: true },
] as const satisfies readonly { slot: BuildSlotKind; label: string; multiple?: boolean }[];

export type Slot = (typeof SLOTS)[number]['slot'];
type MultipleSlot = Extract<(typeof SLOTS)[number], { multiple: true }>['slot'];
type SingleSlot = Exclude<Slot, MultipleSlot>;

/** The chosen part ids by slot; `quantities` holds each line of a multiple slot that holds more than one. */
export type Selection = Partial<Record<SingleSlot, string>> &
  Record<MultipleSlot, string[]> & { quantities: Readonly<Record<string, number>> };

export const emptySelection = (): Selection => ({ memory: [], storage: [], fan: [], other: [], quantities: {} });

/** How many of a part its line holds: one in a single slot, as chosen on a line of a multiple one. */
export const quantityOf = (selection: Selection, id: string): number => selection.quantities[id] ?? 1;

/** Sets how many of a part a line of a multiple slot holds (1 is kept as no entry). */
export function withQuantity(selection: Selection, id: string, quantity: number): Selection {
  const rest = Object.entries(selection.quantities).filter(([key]) => key !== id);
  const quantities = Object.fromEntries(quantity > 1 ? [...rest, [id, quantity]] : rest);
  return { ...selection, quantities };
}

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
  const quantities: Record<string, number> = {};
  const seen = new Set<string>();
  const take = (id: string | null) => {
    if (!id || !ID.test(id) || seen.has(id) || seen.size >= PART_IDS_MAX) return false;
    seen.add(id);
    return true;
  };
  /** A line with its quantity: the id when it is well formed, else null. */
  const takeLine = (value: string) => {
    const line = parseLineParam(value);
    if (!line || !take(line.id)) return null;
    if (line.quantity > 1) quantities[line.id] = line.quantity;
    return line.id;
  };
  for (const { slot } of SLOTS) {
    if (isMultiple(slot)) {
      for (const value of params.getAll(slot)) {
        const id = takeLine(value);
        if (id) selection[slot].push(id);
      }
    } else {
      const id = params.get(slot);
      if (take(id)) selection[slot] = id as string;
    }
  }
  const loose = params.getAll('part').flatMap((value) => takeLine(value) ?? []);
  return { selection: { ...selection, quantities }, loose };
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
  return buildParams(
    SLOTS.flatMap(({ slot }) =>
      idsInSlot(selection, slot).map((id) => ({ id, kind: slot, quantity: quantityOf(selection, id) })),
    ),
  );
}

export function selectedIds(selection: Selection): string[] {
  return SLOTS.flatMap(({ slot }) => idsInSlot(selection, slot));
}

/**
 * Puts a part in its kind's slot: replaces a single slot's part; in a slot that holds several,
 * adds it (with `quantity`, one by default), or swaps the line `replacing` in place, keeping its
 * quantity unless `quantity` is given.
 */
export function withPart(
  selection: Selection,
  kind: Slot,
  id: string,
  replacing?: string,
  quantity?: number,
): Selection {
  if (isMultiple(kind)) {
    const lines = selection[kind];
    if (lines.includes(id)) return replacing ? withoutPart(selection, replacing) : selection;
    const next = replacing ? lines.map((line) => (line === replacing ? id : line)) : [...lines, id];
    const kept = quantity ?? (replacing ? quantityOf(selection, replacing) : 1);
    const moved = replacing ? withQuantity(selection, replacing, 1) : selection;
    return withQuantity({ ...moved, [kind]: next }, id, kept);
  }
  // A single slot holds one: a quantity a saved build carried for this part does not follow it in.
  return withQuantity({ ...selection, [kind]: id }, id, 1);
}

export function withoutPart(selection: Selection, id: string): Selection {
  const next: Selection = {
    memory: selection.memory.filter((s) => s !== id),
    storage: selection.storage.filter((s) => s !== id),
    fan: selection.fan.filter((s) => s !== id),
    other: selection.other.filter((s) => s !== id),
    quantities: withQuantity(selection, id, 1).quantities,
  };
  for (const { slot } of SLOTS) {
    if (!isMultiple(slot) && selection[slot] && selection[slot] !== id) next[slot] = selection[slot];
  }
  return next;
}

/** Each selected part at its line's quantity, the shape saved builds and build checks take. */
export function itemsOfSelection(selection: Selection): BuildItem[] {
  return selectedIds(selection).map((partId) => ({ partId, quantity: quantityOf(selection, partId) }));
}

/** A saved build as a planner link: its parts by id (with their quantities), placed in their slots on arrival. */
export function plannerLinkOf(items: readonly { partId: string; quantity?: number }[]): string {
  const params = new URLSearchParams();
  // A saved build may hold more than a planner line does (the API takes up to the stock's limit).
  for (const item of items) {
    params.append('part', lineParam(item.partId, Math.min(item.quantity ?? 1, LINE_QUANTITY_MAX)));
  }
  return `/build?${params.toString()}`;
}
