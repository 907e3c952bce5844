import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxSettingsSchema, type TaxSettings } from '@parts-shop/shared/checkout';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /settings/taxes (admin): the rates by country and region, and how prices and shipping are taxed. */
export function useTaxSettings() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.settings.taxes,
      queryFn: ({ signal }) => apiGet('/settings/taxes', taxSettingsSchema, signal),
      staleTime: 0,
    }),
  );
}

/** PUT /settings/taxes: the whole table at once; the next quote and order use it. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettings) => apiSend('PUT', '/settings/taxes', taxSettingsSchema, settings),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.settings.taxes, saved),
  });
}
