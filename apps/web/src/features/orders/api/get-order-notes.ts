import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderNoteSchema } from '@parts-shop/shared/order';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /orders/{id}/notes (admin): the order's staff notes, oldest first. */
export function useOrderNotes(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.orders.notes(orderId),
      queryFn: ({ signal }) => apiGet(`/orders/${encodeURIComponent(orderId)}/notes`, z.array(orderNoteSchema), signal),
    }),
  );
}
