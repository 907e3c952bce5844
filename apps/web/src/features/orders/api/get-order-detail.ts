import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailSchema } from '@parts-shop/shared/order';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /orders/{id}/detail: the order detail page and receipt (its owner or an admin). */
export function orderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['orders', 'detail', orderId],
    queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/detail`, orderDetailSchema, signal),
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery(orderDetailQueryOptions(orderId));
}
