import { z } from 'zod';
import { orderSchema } from '@parts-shop/shared/order';
import { usePagedList } from '../../../lib/paged-list.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const orderListSchema = z.array(orderSchema);

/** GET /allorders (admin): every order, newest first, read again on every visit. */
export function useAllOrders() {
  return usePagedList({
    queryKey: queryKeys.orders.everyone,
    firstPage: '/allorders',
    schema: orderListSchema,
    staleTime: 0,
  });
}
