import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { savedBuildSchema } from '@parts-shop/shared/build';
import { PAGE_LIMIT_MAX } from '@parts-shop/shared/constants';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The customer's saved builds, newest first (GET /builds). */
export function useMyBuilds(email: string) {
  return useQuery({
    queryKey: queryKeys.builds.mine(email),
    queryFn: ({ signal }) => apiGet(`/builds?limit=${PAGE_LIMIT_MAX}`, z.array(savedBuildSchema), signal),
    enabled: email !== '',
  });
}
