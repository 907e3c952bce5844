import { z } from 'zod';
import { PAGE_LIMIT_MAX } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { partSchema } from '@parts-shop/shared/part';
import { usePagedList } from '../../../lib/paged-list.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The admin table asks for the largest page the API gives, so most shops fit on one. */
export const CATALOG_PAGE_SIZE = PAGE_LIMIT_MAX;

const partListSchema = z.array(partSchema);

/** Manage Products: every part, newest first (GET /parts?limit=&cursor=). */
export function useCatalogParts() {
  return usePagedList({
    queryKey: queryKeys.parts.manage(CATALOG_PAGE_SIZE),
    firstPage: listPath('parts', CATALOG_PAGE_SIZE),
    schema: partListSchema,
  });
}
