import { queryOptions, useQuery } from '@tanstack/react-query';
import { completedBuildSchema } from '@parts-shop/shared/completed-build';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function completedBuildQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.completedBuilds.one(id),
    queryFn: ({ signal }) => apiGet(`/completed-builds/${encodeURIComponent(id)}`, completedBuildSchema, signal),
  });
}

/** GET /completed-builds/{id}: one completed build, for its public page. */
export function useCompletedBuild(id: string) {
  return useQuery(completedBuildQueryOptions(id));
}
