import { useQuery } from '@tanstack/react-query';
import { groupPaymentIntentResponseSchema } from '@parts-shop/shared/payment-group';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * POST /create-payment-intent {orderIds}: one payment for several of the caller's unpaid
 * orders. The server sums the stored totals and answers every order it pays; asking again for
 * the same orders answers the same payment, so asking on every visit is safe. Held as a query
 * for the reasons `paymentIntentQueryOptions` gives.
 */
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
