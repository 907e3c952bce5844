import { z } from 'zod';
import { orderSchema, type OrderTab } from '@parts-shop/shared/order';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const orderListSchema = z.array(orderSchema);

export function searchParams(params: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function useAllOrders(tab: OrderTab, q: string, customer: string, enabled = true) {
  return usePagedList({
    queryKey: queryKeys.orders.everyone(tab, q, customer),
    firstPage: `/allorders${searchParams({ status: tab, q, customer })}`,
    schema: orderListSchema,
    staleTime: 0,
    enabled,
  });
}
