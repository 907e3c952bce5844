import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerSummarySchema } from '@parts-shop/shared/customer';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useCustomerSummary(email: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.customer(email),
      queryFn: ({ signal }) => apiGet(`/users/${encodeURIComponent(email)}/summary`, customerSummarySchema, signal),
    }),
  );
}
