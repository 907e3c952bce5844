import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { roleChangeSchema } from '@parts-shop/shared/user';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useRoleChanges() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.users.roleChanges,
      queryFn: ({ signal }) => apiGet('/role-changes?limit=20', z.array(roleChangeSchema), signal),
    }),
  );
}
