import { z } from 'zod';
import { publicBuildCardSchema, type GalleryFilters } from '@parts-shop/shared/build';
import { pagedListQueryOptions, usePagedList, type PagedListOptions } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const GALLERY_PAGE_SIZE = 24;

/** The filters as the API's query string, in one order so one filter set is one cache entry. */
export function galleryParams(filters: GalleryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.cpuBrand) params.set('cpuBrand', filters.cpuBrand);
  if (filters.gpuBrand) params.set('gpuBrand', filters.gpuBrand);
  return params;
}

function galleryPages(filters: GalleryFilters): PagedListOptions<z.infer<typeof publicBuildCardSchema>> {
  const params = galleryParams(filters);
  params.set('limit', String(GALLERY_PAGE_SIZE));
  return {
    queryKey: queryKeys.builds.gallery(params.toString()),
    firstPage: `/builds/public?${params.toString()}`,
    schema: z.array(publicBuildCardSchema),
  };
}

/** /builds: published builds, newest published first, narrowed by the filters (GET /builds/public?…&cursor=). */
export function useGalleryPages(filters: GalleryFilters) {
  return usePagedList(galleryPages(filters));
}

export const galleryPagesQueryOptions = (filters: GalleryFilters) => pagedListQueryOptions(galleryPages(filters));
