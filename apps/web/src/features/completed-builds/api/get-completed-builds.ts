import { z } from 'zod';
import { completedBuildCardSchema } from '@parts-shop/shared/completed-build';
import { pagedListQueryOptions, usePagedList, type PagedListOptions } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const GALLERY_PAGE_SIZE = 24;

const galleryPages: PagedListOptions<z.infer<typeof completedBuildCardSchema>> = {
  queryKey: queryKeys.completedBuilds.gallery(GALLERY_PAGE_SIZE),
  firstPage: `/completed-builds?limit=${GALLERY_PAGE_SIZE}`,
  schema: z.array(completedBuildCardSchema),
};

/** /completed-builds: newest first (GET /completed-builds?limit=&cursor=). */
export function useCompletedBuildPages() {
  return usePagedList(galleryPages);
}

export const completedBuildPagesQueryOptions = () => pagedListQueryOptions(galleryPages);
