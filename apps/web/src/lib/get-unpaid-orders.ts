import { queryOptions, useQuery } from '@tanstack/react-query';
import { unpaidOrdersSchema } from '@parts-shop/shared/payment-group';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /orders/unpaid: the signed-in customer's unpaid orders as one payment would take them
 * (count, total, ids), counted by the server rather than from the page of orders on screen.
 * My Orders' Pay all unpaid and the navbar's cart read the same entry, so placing, paying or
 * cancelling an order (each invalidates `queryKeys.orders.all`) refreshes both.
 */
export function unpaidOrdersQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.orders.unpaid(email),
    queryFn: ({ signal }) => apiGet('/orders/unpaid', unpaidOrdersSchema, signal),
    staleTime: 0,
    enabled: email.length > 0,
  });
}

export function useUnpaidOrders(email: string) {
  return useQuery(unpaidOrdersQueryOptions(email));
}
