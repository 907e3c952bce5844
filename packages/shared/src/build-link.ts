import type { PartKind } from './part-specs.ts';

/**
 * A build in the planner's address: one part id per slot, repeated for the kinds a PC takes
 * several of (memory kits, drives, case fans, and extras such as paste, an operating system or
 * monitors: kind `other`), `part` for parts named by id alone. A line of a slot that holds
 * several carries its quantity after the id when it is more than one: `fan=<id>*3`.
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
  'fan',
  'other',
] as const satisfies readonly PartKind[];
export type BuildSlotKind = (typeof BUILD_SLOT_KINDS)[number];

/** The slots that hold several parts, each its own line. */
export const MULTIPLE_SLOT_KINDS = ['memory', 'storage', 'fan', 'other'] as const satisfies readonly BuildSlotKind[];
export const isMultipleSlot = (kind: PartKind): boolean => (MULTIPLE_SLOT_KINDS as readonly string[]).includes(kind);

/** Most of one part a planner line holds: fans for any case, monitors for any desk. */
export const LINE_QUANTITY_MAX = 20;

/** One line in the address: the id, and `*n` when the line holds more than one. */
export const lineParam = (id: string, quantity = 1): string => (quantity > 1 ? `${id}*${quantity}` : id);

/** A line as the address writes it; a quantity that is not a whole number from 1 to the most is null. */
export function parseLineParam(value: string): { id: string; quantity: number } | null {
  const [id = '', count, ...rest] = value.split('*');
  if (rest.length > 0) return null;
  if (count === undefined) return { id, quantity: 1 };
  const quantity = /^[1-9]\d?$/.test(count) ? Number(count) : Number.NaN;
  return quantity <= LINE_QUANTITY_MAX ? { id, quantity } : null;
}

const isSlotKind = (kind: PartKind): kind is BuildSlotKind => (BUILD_SLOT_KINDS as readonly string[]).includes(kind);

/** The planner's parameters for these parts, in slot order; a later part of a single slot's kind replaces the earlier one. */
type LinkedPart = { id: string; kind: PartKind; quantity?: number };

export function buildParams(parts: readonly LinkedPart[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const slot of BUILD_SLOT_KINDS) {
    const lines = parts.filter((p) => p.kind === slot);
    const ids = [...new Set(lines.map((p) => p.id))];
    const quantityOf = (id: string) => lines.find((p) => p.id === id)?.quantity;
    if (isMultipleSlot(slot)) for (const id of ids) params.append(slot, lineParam(id, quantityOf(id)));
    else if (ids.length > 0) params.set(slot, ids.at(-1) ?? '');
  }
  for (const part of parts) if (!isSlotKind(part.kind)) params.append('part', part.id);
  return params;
}

export const buildLink = (parts: readonly LinkedPart[]): string => `/build?${buildParams(parts).toString()}`;
