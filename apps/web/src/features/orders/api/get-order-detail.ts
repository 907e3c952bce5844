import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailSchema } from '@parts-shop/shared/order';
import { apiGet } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /orders/{id}/detail: the order detail page and receipt (its owner or an admin). */
export function orderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: queryKeys.orders.receipt(orderId),
    queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/detail`, orderDetailSchema, signal),
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery(orderDetailQueryOptions(orderId));
}
