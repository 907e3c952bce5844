import { useMutation, useQueryClient } from '@tanstack/react-query';
import { batchOrderResponseSchema, type BatchOrder } from '@parts-shop/shared/build';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /orders/batch: one order with a line per part, all reserved or none; the server prices every line. */
export function useOrderBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: BatchOrder & { idempotencyKey: string }) =>
      apiSend('POST', '/orders/batch', batchOrderResponseSchema, input, idempotencyKey),
    // Stock moved (or a refusal means the shop's numbers changed): every part view is stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
}
