import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '@parts-shop/shared/order';
import { apiGetPage } from '../../../lib/api-client.ts';

const orderListSchema = z.array(orderSchema);

/** GET /allorders (admin): every order, newest first, a page at a time. */
export function getAllOrdersPage(path: string, signal?: AbortSignal) {
  return apiGetPage(path, orderListSchema, signal);
}

export function allOrdersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['orders', 'all'],
    queryFn: ({ pageParam, signal }) => getAllOrdersPage(pageParam, signal),
    initialPageParam: '/allorders',
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    staleTime: 0,
  });
}

export function useAllOrders() {
  return useInfiniteQuery(allOrdersQueryOptions());
}
