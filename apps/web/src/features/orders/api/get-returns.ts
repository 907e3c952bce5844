import { z } from 'zod';
import { returnListItemSchema } from '@parts-shop/shared/refunds';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const returnListSchema = z.array(returnListItemSchema);

export type ReturnsShown = 'open' | 'all';

export function useReturnRequests(status: ReturnsShown) {
  return usePagedList({
    queryKey: queryKeys.orders.returns(status),
    firstPage: `/returns?status=${status}`,
    schema: returnListSchema,
    staleTime: 0,
  });
}
