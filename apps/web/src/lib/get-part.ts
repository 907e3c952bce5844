import { queryOptions, useQuery } from '@tanstack/react-query';
import { partSchema, type Part } from '@parts-shop/shared/part';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /parts/{id}: one part, for its own page, the purchase page's card and limits, and Edit Product. */
export function getPart(partId: string, signal?: AbortSignal): Promise<Part> {
  return apiGet(`/parts/${encodeURIComponent(partId)}`, partSchema, signal);
}

export function partQueryOptions(partId: string) {
  return queryOptions({
    queryKey: queryKeys.parts.detail(partId),
    queryFn: ({ signal }) => getPart(partId, signal),
    // Availability is what the shopper is deciding on: an answer more than a few seconds old
    // is read again on arrival, so no one decides on an old count. A few seconds rather than
    // none, so the part page the server drew a moment ago is not read again the instant the
    // browser adopts it (its answer comes in the page, dated as main.tsx says).
    staleTime: 5_000,
  });
}

export function usePart(partId: string) {
  return useQuery(partQueryOptions(partId));
}
