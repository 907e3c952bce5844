import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderSchema } from '@parts-shop/shared/order';
import {
  moneyBackSchema,
  refundSchema,
  returnSchema,
  type NewRefund,
  type NewReturn,
  type ReturnDecision,
} from '@parts-shop/shared/refunds';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useMoneyBack(orderId: string) {
  return useQuery({
    queryKey: queryKeys.orders.moneyBack(orderId),
    queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/refunds`, moneyBackSchema, signal),
  });
}

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

export function useCancelWithReason(orderId: string) {
  return useOrderChange((reason: string) => apiSend('POST', orderPath(orderId, 'cancel'), orderSchema, { reason }));
}

export function useRefundOrder(orderId: string) {
  return useOrderChange((refund: NewRefund) => apiSend('POST', orderPath(orderId, 'refunds'), refundSchema, refund));
}

export function useRequestReturn(orderId: string) {
  return useOrderChange((request: NewReturn) => apiSend('POST', orderPath(orderId, 'returns'), returnSchema, request));
}

export function useDecideReturn() {
  return useOrderChange(({ id, decision }: { id: string; decision: ReturnDecision }) =>
    apiSend('PATCH', `/returns/${encodeURIComponent(id)}`, returnSchema, decision),
  );
}
