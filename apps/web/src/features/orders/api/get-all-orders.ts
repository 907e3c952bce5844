import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderCountsSchema, orderSchema, type OrderTab } from '@parts-shop/shared/order';
import { apiGet, apiGetPage } from '../../../lib/api-client.ts';

const orderListSchema = z.array(orderSchema);

/** GET /allorders (admin): one Manage Orders tab, optionally searched, newest first, a page at a time. */
export function getAllOrdersPage(path: string, signal?: AbortSignal) {
  return apiGetPage(path, orderListSchema, signal);
}

function searchParams(params: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function allOrdersQueryOptions(tab: OrderTab, q: string) {
  return infiniteQueryOptions({
    queryKey: ['orders', 'all', tab, q],
    queryFn: ({ pageParam, signal }) => getAllOrdersPage(pageParam, signal),
    initialPageParam: `/allorders${searchParams({ status: tab, q })}`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    staleTime: 0,
  });
}

export function useAllOrders(tab: OrderTab, q: string) {
  return useInfiniteQuery(allOrdersQueryOptions(tab, q));
}

/** GET /allorders/counts (admin): how many orders each tab holds for the same search. */
export function useOrderCounts(q: string) {
  return useQuery(
    queryOptions({
      queryKey: ['orders', 'counts', q],
      queryFn: ({ signal }) => apiGet(`/allorders/counts${searchParams({ q })}`, orderCountsSchema, signal),
      staleTime: 0,
    }),
  );
}
