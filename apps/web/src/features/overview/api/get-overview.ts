import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewSchema } from '@parts-shop/shared/overview';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export const OVERVIEW_DAYS = 30;

export function useOverview() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.overview(OVERVIEW_DAYS),
      queryFn: ({ signal }) => apiGet(`/admin/overview?days=${OVERVIEW_DAYS}`, overviewSchema, signal),
      staleTime: 0,
    }),
  );
}
