import { useQuery } from '@tanstack/react-query';
import { unpaidOrdersSchema } from '@parts-shop/shared/payment-group';
import { apiGet } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /orders/unpaid: the signed-in customer's unpaid orders as one payment would take them
 * (count, total, ids), counted by the server rather than from the page of orders on screen.
 */
export function useUnpaidOrders(email: string) {
  return useQuery({
    queryKey: queryKeys.orders.unpaid(email),
    queryFn: ({ signal }) => apiGet('/orders/unpaid', unpaidOrdersSchema, signal),
    staleTime: 0,
    enabled: email.length > 0,
  });
}
