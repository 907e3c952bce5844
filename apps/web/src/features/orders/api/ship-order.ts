import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const shippedSchema = z.unknown();

export type ShipRequest = { orderId: string; carrier?: string; trackingNumber?: string };

export function shipOrder({ orderId, carrier, trackingNumber }: ShipRequest) {
  return apiSend('PATCH', `/shipped/${encodeURIComponent(orderId)}`, shippedSchema, {
    paid: false,
    ...(carrier ? { carrier } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.orders.ship,
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

export function useShippingOrderIds(): string[] {
  return useMutationState({
    filters: { mutationKey: queryKeys.orders.ship, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ShipRequest | undefined)?.orderId,
  }).filter((id): id is string => typeof id === 'string');
}
