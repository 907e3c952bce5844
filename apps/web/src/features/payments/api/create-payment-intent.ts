import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentIntentResponseSchema, type Order } from '@parts-shop/shared/order';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type IntentRequest = Pick<Order, '_id' | 'totalPrice'>;

export function createPaymentIntent(order: IntentRequest) {
  return apiSend('POST', '/create-payment-intent', paymentIntentResponseSchema, {
    orderId: order._id,
    totalPrice: order.totalPrice,
  });
}

/**
 * Held as a query rather than a mutation: it is asked for once when the page opens (not on a click), React's double
 * effects in development must not ask twice, and the secret must not go stale while the shopper types the card.
 */
export function paymentIntentQueryOptions(order: IntentRequest) {
  return queryOptions({
    queryKey: queryKeys.paymentIntent(order._id),
    queryFn: () => createPaymentIntent(order),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function usePaymentIntent(order: IntentRequest | null) {
  return useQuery({
    ...paymentIntentQueryOptions(order ?? { _id: '', totalPrice: '' }),
    enabled: order !== null,
  });
}
