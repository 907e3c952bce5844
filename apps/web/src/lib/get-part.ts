import { queryOptions, useQuery } from '@tanstack/react-query';
import { partSchema, type Part } from '@parts-shop/shared/part';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export function getPart(partId: string, signal?: AbortSignal): Promise<Part> {
  return apiGet(`/parts/${encodeURIComponent(partId)}`, partSchema, signal);
}

export function partQueryOptions(partId: string) {
  return queryOptions({
    queryKey: queryKeys.parts.detail(partId),
    queryFn: ({ signal }) => getPart(partId, signal),
    // Availability is what the shopper is deciding on: an answer more than a few seconds old is read again on
    // arrival, so no one decides on an old count.
    staleTime: 5_000,
  });
}

export function usePart(partId: string) {
  return useQuery(partQueryOptions(partId));
}
