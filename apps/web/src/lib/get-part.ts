import { queryOptions, useQuery } from '@tanstack/react-query';
import { partSchema, type Part } from '@parts-shop/shared/part';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

// The shape of every API module (fetcher, options, hook), kept per endpoint: docs/contributing.md#shapes-that-repeat-on-purpose.

/** GET /parts/{id}: one part, for its own page, the purchase page's card and limits, and Edit Product. */
export function getPart(partId: string, signal?: AbortSignal): Promise<Part> {
  return apiGet(`/parts/${encodeURIComponent(partId)}`, partSchema, signal);
}

export function partQueryOptions(partId: string) {
  return queryOptions({
    queryKey: queryKeys.parts.detail(partId),
    queryFn: ({ signal }) => getPart(partId, signal),
    // Availability is what the shopper is deciding on: never show an old count on arrival.
    staleTime: 0,
  });
}

export function usePart(partId: string) {
  return useQuery(partQueryOptions(partId));
}
