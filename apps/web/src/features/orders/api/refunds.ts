import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderSchema } from '@parts-shop/shared/order';
import {
  refundsAndReturnsSchema,
  refundSchema,
  returnSchema,
  type NewRefund,
  type NewReturn,
  type ReturnDecision,
} from '@parts-shop/shared/refunds';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /orders/{id}/refunds: the order's refunds and return requests (its customer or an admin). */
export function useRefundsAndReturns(orderId: string) {
  return useQuery({
    queryKey: queryKeys.orders.refundsAndReturns(orderId),
    queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/refunds`, refundsAndReturnsSchema, signal),
  });
}

/** Every one of these changes the order, its money and maybe the stock: refetch them all. */
function useOrderChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
      ]),
  });
}

const orderPath = (orderId: string, tail: string) => `/orders/${encodeURIComponent(orderId)}/${tail}`;

/** POST /orders/{id}/cancel (admin): a paid, unshipped order is refunded in full and restocked. */
export function useCancelWithReason(orderId: string) {
  return useOrderChange((reason: string) => apiSend('POST', orderPath(orderId, 'cancel'), orderSchema, { reason }));
}

/** POST /orders/{id}/refunds (admin). */
export function useRefundOrder(orderId: string) {
  return useOrderChange((refund: NewRefund) => apiSend('POST', orderPath(orderId, 'refunds'), refundSchema, refund));
}

/** POST /orders/{id}/returns (the order's customer). */
export function useRequestReturn(orderId: string) {
  return useOrderChange((request: NewReturn) => apiSend('POST', orderPath(orderId, 'returns'), returnSchema, request));
}

/** PATCH /returns/{id} (admin). */
export function useDecideReturn() {
  return useOrderChange(({ id, decision }: { id: string; decision: ReturnDecision }) =>
    apiSend('PATCH', `/returns/${encodeURIComponent(id)}`, returnSchema, decision),
  );
}
