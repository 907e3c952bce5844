import { z } from 'zod';
import { publicBuildCardSchema } from '@parts-shop/shared/build';
import { pagedListQueryOptions, usePagedList, type PagedListOptions } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const GALLERY_PAGE_SIZE = 24;

const galleryPages: PagedListOptions<z.infer<typeof publicBuildCardSchema>> = {
  queryKey: queryKeys.builds.gallery(GALLERY_PAGE_SIZE),
  firstPage: `/builds/public?limit=${GALLERY_PAGE_SIZE}`,
  schema: z.array(publicBuildCardSchema),
};

/** /builds: published builds, newest published first (GET /builds/public?limit=&cursor=). */
export function useGalleryPages() {
  return usePagedList(galleryPages);
}

export const galleryPagesQueryOptions = () => pagedListQueryOptions(galleryPages);
