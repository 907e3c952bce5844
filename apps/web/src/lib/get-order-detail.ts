import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { orderDetailSchema, type OrderDetail } from '@parts-shop/shared/order';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export function orderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.orders.receipt(orderId),
    queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/detail`, orderDetailSchema, signal),
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery(orderDetailQueryOptions(orderId));
}

export function useOrderDetails(orderIds: readonly string[], enabled: boolean): OrderDetail[] | undefined {
  return useQueries({
    queries: orderIds.map((id) => ({ ...orderDetailQueryOptions(id), enabled })),
    combine: (results) => {
      const loaded = results.flatMap((r) => (r.data ? [r.data] : []));
      return loaded.length === orderIds.length ? loaded : undefined;
    },
  });
}
