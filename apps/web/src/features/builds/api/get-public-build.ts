import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicBuildSchema } from '@parts-shop/shared/build';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

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
