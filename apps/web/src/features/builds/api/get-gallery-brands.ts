import { queryOptions, useQuery } from '@tanstack/react-query';
import { galleryBrandsSchema } from '@parts-shop/shared/build';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The processor and graphics card makers in published builds (GET /builds/public/brands). */
export const galleryBrandsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.builds.galleryBrands,
    queryFn: ({ signal }) => apiGet('/builds/public/brands', galleryBrandsSchema, signal),
  });

export function useGalleryBrands() {
  return useQuery(galleryBrandsQueryOptions());
}
