import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderCountsSchema } from '@parts-shop/shared/order';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { searchParams } from './get-all-orders.ts';

export function useOrderCounts(q: string, customer: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.counts(q, customer),
      queryFn: ({ signal }) => apiGet(`/allorders/counts${searchParams({ q, customer })}`, orderCountsSchema, signal),
      staleTime: 0,
    }),
  );
}
