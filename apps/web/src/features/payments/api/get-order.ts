import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '@parts-shop/shared/order';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /orders/{id}: one of the caller's orders. The API also reconciles a payment the
 * gateway already recorded, so this is the source of truth for "is it paid?".
 */
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
