import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '@parts-shop/shared/order';
import { apiGetPage } from '../../../lib/api-client.ts';

const orderListSchema = z.array(orderSchema);

/** GET /orders?email={email}: the signed-in customer's orders, newest first, a page at a time. */
export function getMyOrdersPage(path: string, signal?: AbortSignal) {
  return apiGetPage(path, orderListSchema, signal);
}

/** Every order query lives under ['orders'], so a payment or a cancel can refresh them all. */
export function myOrdersQueryOptions(email: string) {
  return infiniteQueryOptions({
    queryKey: ['orders', 'mine', email],
    queryFn: ({ pageParam, signal }) => getMyOrdersPage(pageParam, signal),
    initialPageParam: `/orders?email=${encodeURIComponent(email)}`,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    // A paid or shipped order should show as such when the shopper comes back to the list.
    staleTime: 0,
  });
}

export function useMyOrders(email: string) {
  return useInfiniteQuery({ ...myOrdersQueryOptions(email), enabled: email.length > 0 });
}
