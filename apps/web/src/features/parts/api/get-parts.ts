import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lazySchema } from '@parts-shop/shared/lazy-schema';
import { PARTS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { partSchema } from '@parts-shop/shared/part';
import { partFacetsSchema } from '@parts-shop/shared/part-query';
import { apiGet } from '#web/lib/api-client.ts';
import { pagedListQueryOptions, usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { facetsPath, partsPath, type CatalogState } from '../catalog-state.ts';

const partListSchema = lazySchema(() => z.array(partSchema));

function catalogPages(state: CatalogState) {
  const path = partsPath(state, PARTS_PAGE_SIZE);
  return { queryKey: queryKeys.parts.catalog(path), firstPage: path, schema: partListSchema };
}

/**
 * /allparts: the parts the catalog state finds, a page at a time (GET /parts?…&limit=&cursor=).
 * With nothing chosen the first page is the one the HTML preloads.
 */
export function useCatalogParts(state: CatalogState) {
  return usePagedList(catalogPages(state));
}

export const catalogPartsQueryOptions = (state: CatalogState) => pagedListQueryOptions(catalogPages(state));

export function catalogFacetsQueryOptions(state: CatalogState) {
  const path = facetsPath(state);
  return queryOptions({
    queryKey: queryKeys.parts.facets(path),
    queryFn: ({ signal }) => apiGet(path, partFacetsSchema, signal),
  });
}

/**
 * GET /parts/facets for the same filters: the result count and the counts beside each kind
 * and spec value. The last counts stay on screen while the next ones load, so chips do not jump.
 */
export function useCatalogFacets(state: CatalogState) {
  return useQuery({ ...catalogFacetsQueryOptions(state), placeholderData: keepPreviousData });
}
