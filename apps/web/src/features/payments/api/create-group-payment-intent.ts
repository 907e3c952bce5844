import { useQuery } from '@tanstack/react-query';
import { groupPaymentIntentResponseSchema } from '@parts-shop/shared/payment-group';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useGroupPaymentIntent(orderIds: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.groupPaymentIntent(orderIds),
    queryFn: () => apiSend('POST', '/create-payment-intent', groupPaymentIntentResponseSchema, { orderIds }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    enabled: enabled && orderIds.length > 0,
  });
}
