import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema } from '@parts-shop/shared/order';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * PATCH /orders/{id} {transactionId}: the API asks the gateway about that payment and marks the order paid only if it
 * succeeded for this order and amount.
 */
export function recordPayment(orderId: string, transactionId: string) {
  return apiSend('PATCH', `/orders/${encodeURIComponent(orderId)}`, orderSchema, { transactionId });
}

export function useRecordPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => recordPayment(orderId, transactionId),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(orderId), order);
    },
    // Paid or not, every order list should show what the API now knows (Pending everywhere).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
