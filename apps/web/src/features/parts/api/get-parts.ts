import { z } from 'zod';
import { lazySchema } from '@parts-shop/shared/lazy-schema';
import { PARTS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { partSchema } from '@parts-shop/shared/part';
import { pagedListQueryOptions, usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { partsPath, type CatalogState } from '#web/lib/catalog-state.ts';

const partListSchema = lazySchema(() => z.array(partSchema));

function catalogPages(state: CatalogState) {
  const path = partsPath(state, PARTS_PAGE_SIZE);
  return { queryKey: queryKeys.parts.catalog(path), firstPage: path, schema: partListSchema };
}

export function useCatalogParts(state: CatalogState) {
  return usePagedList(catalogPages(state));
}

export const catalogPartsQueryOptions = (state: CatalogState) => pagedListQueryOptions(catalogPages(state));
