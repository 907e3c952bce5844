import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buildCheckSchema, type BuildItem } from '@parts-shop/shared/build';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * POST /builds/check for the build's items: the server's word on its lines, which for a part the
 * stock cannot cover names an in-stock alternative that fits the rest. Asked only when `enabled`.
 */
export function useBuildCheck(items: readonly BuildItem[], enabled: boolean) {
  const key = items.map((item) => `${item.partId}:${item.quantity}`).join(',');
  return useQuery({
    queryKey: queryKeys.parts.planner.check(key),
    queryFn: () => apiSend('POST', '/builds/check', buildCheckSchema, { items }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
