import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The answer's body is not used: the list is refetched. */
const shippedSchema = z.unknown();

export type ShipRequest = { orderId: string; carrier?: string; trackingNumber?: string };

/**
 * PATCH /shipped/{id} with the contract's body {paid:false}, plus the carrier and tracking
 * number when the admin gave them (admin). The API marks the order shipped and keeps it paid
 * (docs/product.md#order-status); only paid, unshipped orders can ship.
 */
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

/** The orders whose Ship request is still on its way, so their buttons cannot send it twice. */
export function useShippingOrderIds(): string[] {
  return useMutationState({
    filters: { mutationKey: queryKeys.orders.ship, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ShipRequest | undefined)?.orderId,
  }).filter((id): id is string => typeof id === 'string');
}
