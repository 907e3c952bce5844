import { useQuery } from '@tanstack/react-query';
import { priceHistorySchema } from '@parts-shop/shared/alert';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function usePriceHistory(partId: string) {
  return useQuery({
    queryKey: queryKeys.parts.priceHistory(partId),
    queryFn: ({ signal }) => apiGet(`/parts/${encodeURIComponent(partId)}/price-history`, priceHistorySchema, signal),
  });
}
