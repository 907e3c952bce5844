import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shippingSettingsSchema, type ShippingSettings } from '@parts-shop/shared/checkout';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /settings/shipping (admin): the zones, their countries and regions, and their options. */
export function useShippingSettings() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.settings.shipping,
      queryFn: ({ signal }) => apiGet('/settings/shipping', shippingSettingsSchema, signal),
      staleTime: 0,
    }),
  );
}

/** PUT /settings/shipping: every zone at once; the next quote and order use them. */
export function useSaveShippingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShippingSettings) => apiSend('PUT', '/settings/shipping', shippingSettingsSchema, settings),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.settings.shipping, saved),
  });
}
