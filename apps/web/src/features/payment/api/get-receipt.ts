import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailSchema } from '@parts-shop/shared/order';
import { apiGet } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /orders/{id}/detail once the payment is recorded: the confirmation names the card and
 * the ship-to address from the shop's own record, not from what the form held.
 */
export function useReceipt(orderId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.orders.receipt(orderId),
      queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/detail`, orderDetailSchema, signal),
    }),
    enabled,
  });
}
