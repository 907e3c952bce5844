import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderCountsSchema, orderSchema, type OrderTab } from '@parts-shop/shared/order';
import { apiGet } from '#web/lib/api-client.ts';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const orderListSchema = z.array(orderSchema);

function searchParams(params: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /allorders (admin): one Manage Orders tab, optionally searched or of one customer, newest first, read again on every visit. */
export function useAllOrders(tab: OrderTab, q: string, customer: string, enabled = true) {
  return usePagedList({
    queryKey: queryKeys.orders.everyone(tab, q, customer),
    firstPage: `/allorders${searchParams({ status: tab, q, customer })}`,
    schema: orderListSchema,
    staleTime: 0,
    enabled,
  });
}

/** GET /allorders/counts (admin): how many orders each tab holds for the same search and customer. */
export function useOrderCounts(q: string, customer: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.counts(q, customer),
      queryFn: ({ signal }) => apiGet(`/allorders/counts${searchParams({ q, customer })}`, orderCountsSchema, signal),
      staleTime: 0,
    }),
  );
}
