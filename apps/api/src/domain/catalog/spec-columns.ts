import { SPEC_FILTER_NAMES, specFilterValues, type SpecFilter } from '@parts-shop/shared/part-query';
import type { PartSpecs } from '@parts-shop/shared/part-specs';

/**
 * The specs and the filter values they answer to as tags (`socket:AM5`), so one GIN index serves
 * every spec filter and count. Every write of specs goes through here.
 */
export function specTag(filter: SpecFilter, value: string): string {
  return `${filter}:${value}`;
}

/** `socket:AM5` gives AM5; undefined for another filter's tag. */
export function specTagValue(filter: SpecFilter, tag: string): string | undefined {
  const prefix = specTag(filter, '');
  return tag.startsWith(prefix) ? tag.slice(prefix.length) : undefined;
}

export function specColumns(part: PartSpecs) {
  const values = specFilterValues(part);
  const specTags = SPEC_FILTER_NAMES.flatMap((name) => (values[name] ?? []).map((v) => specTag(name, v)));
  return { kind: part.kind, specs: part.specs as Record<string, unknown>, specTags };
}
