import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '../../../lib/api-client.ts';

/** The answer's body is not used: the list is refetched. */
const shippedSchema = z.unknown();

/**
 * PATCH /shipped/{id} with the contract's body {paid:false} (admin). The API marks the order
 * shipped and keeps it paid (docs/product.md#order-status); only paid, unshipped orders can ship.
 */
export function shipOrder(orderId: string) {
  return apiSend('PATCH', `/shipped/${encodeURIComponent(orderId)}`, shippedSchema, { paid: false });
}

const shipOrderKey = ['orders', 'ship'] as const;

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipOrderKey,
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** The orders whose Ship request is still on its way, so their buttons cannot send it twice. */
export function useShippingOrderIds(): string[] {
  return useMutationState({
    filters: { mutationKey: shipOrderKey, status: 'pending' },
    select: (mutation) => mutation.state.variables,
  }).filter((id): id is string => typeof id === 'string');
}
