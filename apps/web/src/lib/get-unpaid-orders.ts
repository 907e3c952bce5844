import { queryOptions, useQuery } from '@tanstack/react-query';
import { unpaidOrdersSchema } from '@parts-shop/shared/payment-group';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

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
