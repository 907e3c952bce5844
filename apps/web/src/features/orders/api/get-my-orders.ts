import { z } from 'zod';
import { orderSchema } from '@parts-shop/shared/order';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const orderListSchema = z.array(orderSchema);

export function useMyOrders(email: string) {
  return usePagedList({
    queryKey: queryKeys.orders.mine(email),
    firstPage: `/orders?email=${encodeURIComponent(email)}`,
    schema: orderListSchema,
    // A paid or shipped order should show as such when the shopper comes back to the list.
    staleTime: 0,
    enabled: email.length > 0,
  });
}
