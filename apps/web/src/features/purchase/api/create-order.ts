import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PostalAddress } from '@parts-shop/shared/checkout';
import { ApiError, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** 201 from POST /orders: the new order's id, and its number and total for the placed state. */
const createdOrderSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string(),
  order: z.object({ number: z.string(), total: z.string() }),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/**
 * POST /orders. Only the part, the quantity, the address, the shipping option and the codes are sent: the API reads the name
 * and price from the catalog, prices shipping and tax, and reads the buyer from the token (docs/product.md#stock).
 */
export type CreateOrderInput = {
  partId: string;
  totalOrder: number;
  shippingAddress: PostalAddress;
  /** The option the shown total was priced with; left out, the server takes the cheapest. */
  shippingOptionId?: string | undefined;
  /** In the order the buyer entered them; the server applies them again when it places the order. */
  discountCodes?: string[];
  /** The purchase attempt's key: a retry of the same submission answers the first order. */
  idempotencyKey: string;
};

export function createOrder({ idempotencyKey, ...input }: CreateOrderInput): Promise<CreatedOrder> {
  return apiSend('POST', '/orders', createdOrderSchema, input, idempotencyKey);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async () => {
      // Stock was reserved: every view of this part (and the shopper's order list) is now stale.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]);
    },
    onError: async (error, input) => {
      // 409 (stock ran out), 404 (part removed) or 400 (range changed): show what the shop has now.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.parts.detail(input.partId) });
      }
    },
  });
}
