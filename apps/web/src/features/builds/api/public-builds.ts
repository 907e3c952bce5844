import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { publicBuildCardSchema, publicBuildSchema, savedBuildSchema } from '@parts-shop/shared/build';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { pagedListQueryOptions, usePagedList, type PagedListOptions } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Published builds (docs/product.md#published-builds): the gallery, one build, publish and copy. */

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

export function publicBuildQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.builds.published(id),
    queryFn: ({ signal }) => apiGet(`/builds/public/${encodeURIComponent(id)}`, publicBuildSchema, signal),
  });
}

/** GET /builds/public/{id}: one published build, for its public page. */
export function usePublicBuild(id: string) {
  return useQuery(publicBuildQueryOptions(id));
}

function useBuildsMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.builds.all }),
  });
}

export function usePublishBuild() {
  return useBuildsMutation((input: { id: string; title: string }) =>
    apiSend('POST', `/builds/${input.id}/publish`, savedBuildSchema, { title: input.title }),
  );
}

export function useUnpublishBuild() {
  return useBuildsMutation((id: string) => apiSend('DELETE', `/builds/${id}/publish`, savedBuildSchema));
}

/** "Start from this build", signed in: the build saved again as the caller's own. */
export function useCopyBuild() {
  return useBuildsMutation((id: string) => apiSend('POST', `/builds/public/${id}/copy`, savedBuildSchema));
}
