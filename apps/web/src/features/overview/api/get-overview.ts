import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewSchema } from '@parts-shop/shared/overview';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The overview's window: today and the 29 days before it, what the chart and the widest figure cover. */
export const OVERVIEW_DAYS = 30;

/** GET /admin/overview (admin): the last 30 days in the shop's time zone, read again on every visit. */
export function useOverview() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.overview(OVERVIEW_DAYS),
      queryFn: ({ signal }) => apiGet(`/admin/overview?days=${OVERVIEW_DAYS}`, overviewSchema, signal),
      staleTime: 0,
    }),
  );
}
