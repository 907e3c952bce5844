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

/** Manage Orders' filters as the address holds them; '' is "any". */
export type OrderFilters = { q: string; customer: string; from: string; to: string; channel: string };

export function useAllOrders(tab: OrderTab, filters: OrderFilters, enabled = true) {
  return usePagedList({
    queryKey: queryKeys.orders.everyone(tab, filters),
    firstPage: `/allorders${searchParams({ status: tab, ...filters })}`,
    schema: orderListSchema,
    staleTime: 0,
    enabled,
  });
}
