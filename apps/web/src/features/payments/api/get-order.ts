import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '@parts-shop/shared/order';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiGet(`/orders/${encodeURIComponent(orderId)}`, orderSchema, signal);
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
