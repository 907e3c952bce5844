import { hasAtMostTwoDecimals } from '@parts-shop/shared/money';
import { BRAND_MAX, PRICE_MAX } from '@parts-shop/shared/part';
import {
  BRANDS_MAX,
  effectiveSort,
  hasSearchTerms,
  PART_SORTS,
  SEARCH_MAX,
  SPEC_FILTER_NAMES,
  SPEC_FILTERS,
  specFiltersOf,
  type PartSort,
  type SpecFilter,
} from '@parts-shop/shared/part-query';
import { PART_KINDS, type PartKind } from '@parts-shop/shared/part-specs';
import { SPEC_PARAMS, specConditions } from '@parts-shop/shared/spec-filters';

export type CatalogState = {
  q: string;
  kind: PartKind | null;
  brands: readonly string[];
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  specs: Partial<Record<SpecFilter, string>>;
  specParams: Readonly<Record<string, string>>;
  sort: PartSort | null;
};

/** How a screen applies a new catalog state: the catalog writes it to the address, the planner's picker keeps it. */
export type ChangeCatalog = (next: CatalogState, options?: { replace?: boolean }) => void;

export const EMPTY_CATALOG: CatalogState = {
  q: '',
  kind: null,
  brands: [],
  minPrice: null,
  maxPrice: null,
  inStock: false,
  specs: {},
  specParams: {},
  sort: null,
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

function price(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= PRICE_MAX && hasAtMostTwoDecimals(value) ? value : null;
}

/**
 * Keeps the state to what the API accepts and the screen can show: spec filters only of the chosen kind, a max price
 * not below the min, best match only with something to match.
 */
function consistent(state: CatalogState): CatalogState {
  const allowed = state.kind ? specFiltersOf(state.kind) : [];
  const specs = Object.fromEntries(
    Object.entries(state.specs).filter(([name]) => allowed.includes(name as SpecFilter)),
  );
  const maxPrice =
    state.minPrice !== null && state.maxPrice !== null && state.maxPrice < state.minPrice ? null : state.maxPrice;
  const sort = state.sort === 'relevance' && !hasSearchTerms(state.q) ? null : state.sort;
  const specParams = Object.fromEntries(
    Object.entries(state.specParams).filter(
      ([param, value]) =>
        state.kind !== null && value !== '' && specConditions([state.kind], { [param]: value }).issues.length === 0,
    ),
  );
  return { ...state, specs, specParams, maxPrice, sort };
}

export function readCatalogState(params: URLSearchParams): CatalogState {
  const kind = params.get('kind');
  const sort = params.get('sort');
  const specs: CatalogState['specs'] = {};
  for (const name of SPEC_FILTER_NAMES) {
    const value = params.get(name);
    if (isOneOf(SPEC_FILTERS[name], value)) specs[name] = value;
  }
  return consistent({
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    kind: isOneOf(PART_KINDS, kind) ? kind : null,
    brands: [...new Set(params.getAll('brand').filter((b) => b.trim() !== '' && b.length <= BRAND_MAX))].slice(
      0,
      BRANDS_MAX,
    ),
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    inStock: params.get('inStock') === 'true',
    specs,
    specParams: Object.fromEntries(
      SPEC_PARAMS.flatMap((param) => {
        const value = params.get(param);
        return value === null ? [] : [[param, value]];
      }),
    ),
    sort: isOneOf(PART_SORTS, sort) ? sort : null,
  });
}

export function catalogParams(state: CatalogState, withSort = true): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim() !== '') params.set('q', state.q);
  if (state.kind) params.set('kind', state.kind);
  for (const brand of state.brands) params.append('brand', brand);
  if (state.minPrice !== null) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) params.set('maxPrice', String(state.maxPrice));
  if (state.inStock) params.set('inStock', 'true');
  for (const name of SPEC_FILTER_NAMES) {
    const value = state.specs[name];
    if (value) params.set(name, value);
  }
  for (const param of SPEC_PARAMS) {
    const value = state.specParams[param];
    if (value) params.set(param, value);
  }
  if (withSort && state.sort) params.set('sort', state.sort);
  return params;
}

export function partsPath(state: CatalogState, limit: number): string {
  const params = catalogParams(state);
  params.set('limit', String(limit));
  return `/parts?${params.toString()}`;
}

export function facetsPath(state: CatalogState): string {
  const query = catalogParams(state, false).toString();
  return query ? `/parts/facets?${query}` : '/parts/facets';
}

export function changeCatalog(state: CatalogState, change: Partial<CatalogState>): CatalogState {
  return consistent({ ...state, ...change });
}

export function shownSort(state: CatalogState): PartSort {
  return effectiveSort({ q: state.q, sort: state.sort ?? undefined });
}

export function chooseSort(state: CatalogState, sort: PartSort): CatalogState {
  const byDefault = effectiveSort({ q: state.q, sort: undefined });
  return changeCatalog(state, { sort: sort === byDefault ? null : sort });
}

export function isFiltered(state: CatalogState): boolean {
  return catalogParams(state, false).toString() !== '';
}

export function textOf(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}
