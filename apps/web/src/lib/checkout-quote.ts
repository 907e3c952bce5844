import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { quoteSchema, type QuoteRequest } from '@parts-shop/shared/checkout';
import { apiSend } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * POST /checkout/quote: what the order would cost, shipping and tax included, as the server prices it. A read, so it
 * is a query: the same cart and destination are asked once, and the last answer stays on screen while the next loads.
 */
export function quoteQueryOptions(request: QuoteRequest) {
  return queryOptions({
    queryKey: queryKeys.checkoutQuote(JSON.stringify(request)),
    queryFn: () => apiSend('POST', '/checkout/quote', quoteSchema, request),
    placeholderData: keepPreviousData,
    // Rates and stock change under a customer who waits: a quote older than a minute is asked again.
    staleTime: 60_000,
  });
}

export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    ...quoteQueryOptions(request ?? { lines: [] }),
    enabled: request !== null,
  });
}
