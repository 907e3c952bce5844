import { queryOptions, useQuery } from '@tanstack/react-query';
import { packingSlipSchema } from '@parts-shop/shared/packing-slip';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function usePackingSlip(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.packingSlip(id),
      queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(id)}/packing-slip`, packingSlipSchema, signal),
    }),
  );
}
