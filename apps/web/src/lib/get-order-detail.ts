import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { orderDetailSchema, type OrderDetail } from '@parts-shop/shared/order';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /orders/{id}/detail: the order detail page and receipt (its owner or an admin), and the
 * payment confirmation, which names the card and the ship-to address from the shop's own
 * record rather than from what the form held.
 */
export function orderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.orders.receipt(orderId),
    queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/detail`, orderDetailSchema, signal),
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery(orderDetailQueryOptions(orderId));
}

/** Every order's receipt once `enabled`; undefined until all of them have loaded. */
export function useOrderDetails(orderIds: readonly string[], enabled: boolean): OrderDetail[] | undefined {
  return useQueries({
    queries: orderIds.map((id) => ({ ...orderDetailQueryOptions(id), enabled })),
    combine: (results) => {
      const loaded = results.flatMap((r) => (r.data ? [r.data] : []));
      return loaded.length === orderIds.length ? loaded : undefined;
    },
  });
}
