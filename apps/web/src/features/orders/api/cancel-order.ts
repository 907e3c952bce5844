import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function cancelOrder(orderId: string) {
  return apiSend('DELETE', `/orders/${encodeURIComponent(orderId)}`, deletedSchema);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // Also on failure: a 409 means the order changed (paid meanwhile), so show what it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        // The stock came back, so any view of the parts is stale.
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
      ]),
  });
}
