import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderNoteSchema, type NewOrderNote } from '@parts-shop/shared/order';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /orders/{id}/notes (admin). */
export function useAddOrderNote(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: NewOrderNote) =>
      apiSend('POST', `/orders/${encodeURIComponent(orderId)}/notes`, orderNoteSchema, note),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.orders.notes(orderId) }),
  });
}
