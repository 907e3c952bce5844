import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderCountsSchema } from '@parts-shop/shared/order';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { searchParams, type OrderFilters } from './get-all-orders.ts';

export function useOrderCounts(filters: OrderFilters) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.counts(filters),
      queryFn: ({ signal }) => apiGet(`/allorders/counts${searchParams(filters)}`, orderCountsSchema, signal),
      staleTime: 0,
    }),
  );
}
