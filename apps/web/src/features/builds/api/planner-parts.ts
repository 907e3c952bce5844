import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lazySchema } from '@parts-shop/shared/lazy-schema';
import { partSpecsSchema } from '@parts-shop/shared/part-specs';
import { hasSearchTerms } from '@parts-shop/shared/part-query';
import { catalogParams, type CatalogState } from '#web/lib/catalog-state.ts';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

// The planner reads only these fields; the shared part schema checks more than it needs, and
// a narrower schema keeps the picker working whatever else a part grows.
/** What the planner needs of a part: the catalog fields beside its kind and specs. */
const plannerPartSchema = lazySchema(() =>
  z.intersection(
    z.object({
      _id: z.string(),
      name: z.string(),
      brand: z.string(),
      img: z.string(),
      price: z.number(),
      minOrder: z.number().int(),
      available: z.number().int(),
    }),
    partSpecsSchema,
  ),
);
export type PlannerPart = z.infer<typeof plannerPartSchema>;

/** Most candidates a picker lists at once; the search box narrows them. */
export const PICKER_LIMIT = 100;

/**
 * A slot's candidates: the catalog's parts of the slot's kind under the catalog's own filters
 * (GET /parts?kind=&q=&brand=&minPrice=&…&inStock=), best match first when searching, else cheapest.
 */
export function useSlotCandidates(state: CatalogState) {
  const params = catalogParams({ ...state, sort: null });
  params.set('limit', String(PICKER_LIMIT));
  params.set('sort', hasSearchTerms(state.q) ? 'relevance' : 'price_asc');
  const path = `/parts?${params.toString()}`;
  return useQuery({
    queryKey: queryKeys.parts.planner.candidates(path),
    queryFn: ({ signal }) => apiGet(path, z.array(plannerPartSchema), signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The build's parts in one read (GET /parts?ids=…), in the planner's narrow shape; an id that
 * names no part is absent from the answer. The server draws /build from the same read.
 */
export function buildPartsQueryOptions(ids: readonly string[]) {
  const sorted = [...ids].sort();
  return queryOptions({
    queryKey: queryKeys.parts.planner.build(sorted.join(',')),
    queryFn: ({ signal }) =>
      sorted.length === 0
        ? Promise.resolve([])
        : apiGet(
            `/parts?${new URLSearchParams({ ids: sorted.join(',') }).toString()}`,
            z.array(plannerPartSchema),
            signal,
          ),
  });
}

/** The build's parts; while a changed build is read, the previous answer stays on screen. */
export function useBuildParts(ids: readonly string[]) {
  return useQuery({ ...buildPartsQueryOptions(ids), placeholderData: keepPreviousData });
}
