import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderChannelsSchema } from '@parts-shop/shared/order';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /allorders/channels: the assistants named on orders, for Manage Orders' channel filter. */
export function useOrderChannels() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.channels,
      queryFn: ({ signal }) => apiGet('/allorders/channels', orderChannelsSchema, signal),
      staleTime: 60_000,
    }),
  );
}
