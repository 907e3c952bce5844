import { queryOptions, useQuery } from '@tanstack/react-query';
import { shippingDestinationsSchema } from '@parts-shop/shared/checkout';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /checkout/destinations: the countries the shop ships to, listed first in the address form's select. */
function destinationsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.shippingDestinations,
    queryFn: ({ signal }) => apiGet('/checkout/destinations', shippingDestinationsSchema, signal),
    staleTime: 5 * 60_000,
  });
}

/** The country codes; empty until known, or when the list cannot be read (every country stays choosable). */
export function useShipsTo(): string[] {
  const destinations = useQuery(destinationsQueryOptions());
  return destinations.data?.countries.map((entry) => entry.country) ?? [];
}
