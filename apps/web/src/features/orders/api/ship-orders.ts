import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkShipAnswerSchema, type BulkShip } from '@parts-shop/shared/bulk-ship';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function shipOrders(input: BulkShip) {
  return apiSend('POST', '/orders/ship', bulkShipAnswerSchema, input);
}

export function useShipOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
