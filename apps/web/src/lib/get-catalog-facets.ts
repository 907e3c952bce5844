import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { partFacetsSchema } from '@parts-shop/shared/part-query';
import { apiGet } from '#web/lib/api-client.ts';
import { facetsPath, type CatalogState } from './catalog-state.ts';
import { queryKeys } from './query-keys.ts';

export function catalogFacetsQueryOptions(state: CatalogState) {
  const path = facetsPath(state);
  return queryOptions({
    queryKey: queryKeys.parts.facets(path),
    queryFn: ({ signal }) => apiGet(path, partFacetsSchema, signal),
  });
}

export function useCatalogFacets(state: CatalogState) {
  return useQuery({ ...catalogFacetsQueryOptions(state), placeholderData: keepPreviousData });
}
