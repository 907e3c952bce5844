import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '@parts-shop/shared/order';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * GET /orders/{id}: one of the caller's orders. The API also reconciles a payment the
 * gateway already recorded, so this is the source of truth for "is it paid?".
 */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiGet(`/orders/${encodeURIComponent(orderId)}`, orderSchema, signal);
}

/** Under ['orders'] with the order lists, so one invalidation refreshes every view of an order. */
export function orderQueryKey(orderId: string) {
  return ['orders', 'detail', orderId] as const;
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
