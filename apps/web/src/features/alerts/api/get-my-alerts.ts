import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { alertSchema } from '@parts-shop/shared/alert';
import { PAGE_LIMIT_MAX } from '@parts-shop/shared/constants';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useMyAlerts(email: string) {
  return useQuery({
    queryKey: queryKeys.alerts.mine(email),
    queryFn: ({ signal }) => apiGet(`/alerts?limit=${PAGE_LIMIT_MAX}`, z.array(alertSchema), signal),
    enabled: email !== '',
  });
}
