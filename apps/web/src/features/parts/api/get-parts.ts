import { z } from 'zod';
import { PARTS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { partSchema } from '@parts-shop/shared/part';
import { usePagedList } from '../../../lib/paged-list.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const partListSchema = z.array(partSchema);

/** /allparts: every part, newest first (GET /parts?limit=&cursor=); the first page is preloaded by the HTML. */
export function usePartsPages() {
  return usePagedList({
    queryKey: queryKeys.parts.pages(PARTS_PAGE_SIZE),
    firstPage: listPath('parts', PARTS_PAGE_SIZE),
    schema: partListSchema,
  });
}
