import { SPEC_FIELDS, specRows, type SpecField, type SpecRow } from '@parts-shop/shared/part-specs';
import type { PlannerPart } from './api/planner-parts.ts';
import type { Slot } from './build-slots.ts';

/**
 * What the planner's picker shows of each part and how it sorts them. The fields, their labels
 * and units come from the shared spec definitions (part-specs.ts); this list only says which of
 * them a builder weighs when choosing a part for a slot, most telling first.
 */
const KEY_SPECS: Record<Slot, readonly string[]> = {
  cpu: ['cores', 'socket', 'tdpW', 'boostClockGhz'],
  motherboard: ['socket', 'formFactor', 'memoryType', 'm2Slots'],
  memory: ['totalGb', 'memoryType', 'speedMts'],
  gpu: ['memoryGb', 'lengthMm', 'boardPowerW'],
  storage: ['capacityGb', 'interface', 'formFactor'],
  psu: ['wattageW', 'formFactor', 'efficiency'],
  case: ['motherboardFormFactors', 'maxGpuLengthMm', 'maxCoolerHeightMm'],
  cooling: ['type', 'tdpRatingW', 'heightMm', 'radiatorMm'],
  fan: ['fans', 'sizeMm'],
  // Extras (paste, an operating system, monitors) keep no specs.
  other: [],
};

const keyFields = (slot: Slot): SpecField[] =>
  KEY_SPECS[slot].flatMap((name) => SPEC_FIELDS[slot].find((field) => field.name === name) ?? []);

/** The part's key specs as a person reads them, e.g. [{ label: 'Cores', value: '8' }, …]. */
export function keySpecs(part: PlannerPart): SpecRow[] {
  if (part.kind === 'other') return [];
  const rows = specRows(part);
  return keyFields(part.kind).flatMap((field) => rows.find((row) => row.label === field.label) ?? []);
}

export type PickerSort = { key: string; label: string };

/** The picker's orders: the catalog's (cheapest first), dearest first, then each numeric key spec both ways. */
export function pickerSorts(slot: Slot): PickerSort[] {
  const specs = keyFields(slot).filter((f) => f.input === 'whole' || f.input === 'decimal');
  return [
    { key: 'price-asc', label: 'Price, low to high' },
    { key: 'price-desc', label: 'Price, high to low' },
    ...specs.flatMap((f) => [
      { key: `${f.name}-desc`, label: `${f.label}, high to low` },
      { key: `${f.name}-asc`, label: `${f.label}, low to high` },
    ]),
  ];
}

const numberOf = (part: PlannerPart, name: string): number | undefined => {
  const value = name === 'price' ? part.price : (part.specs as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : undefined;
};

/** The parts in the chosen order; a part without the spec (a liquid cooler's height) goes last. */
export function sortParts(parts: readonly PlannerPart[], key: string): PlannerPart[] {
  const cut = key.lastIndexOf('-');
  const name = key.slice(0, cut);
  const sign = key.slice(cut + 1) === 'desc' ? -1 : 1;
  return [...parts].sort((a, b) => {
    const x = numberOf(a, name);
    const y = numberOf(b, name);
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return sign * (x - y);
  });
}
