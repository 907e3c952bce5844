import { queryOptions, useQuery } from '@tanstack/react-query';
import { discountListSchema } from '@parts-shop/shared/discount';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /discounts (admin): every discount with its status, uses so far and the dollars it gave. Here, not in the
 * discounts feature: Dashboard > Discounts lists them and the overview sums what they gave.
 */
export function useDiscounts() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.discounts.all,
      queryFn: ({ signal }) => apiGet('/discounts', discountListSchema, signal),
      // Uses move with every order: read again on each visit.
      staleTime: 0,
    }),
  );
}
