import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { roleChangeSchema, userSummarySchema } from '@parts-shop/shared/user';
import { apiGet } from '#web/lib/api-client.ts';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const userListSchema = z.array(userSummarySchema);
/** A screenful: Make Admin loads further pages as the admin scrolls or asks. */
const USERS_PAGE = 20;

/** GET /users (admin): users by email with their orders and spending, a page at a time, optionally searched by email or name. */
export function useUsers(q: string) {
  const search = new URLSearchParams({ limit: String(USERS_PAGE), ...(q ? { q } : {}) });
  return usePagedList({
    queryKey: queryKeys.users.list(q),
    firstPage: `/users?${search.toString()}`,
    schema: userListSchema,
  });
}

/** GET /role-changes (admin): who made whom admin or removed it, newest first. */
export function useRoleChanges() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.users.roleChanges,
      queryFn: ({ signal }) => apiGet('/role-changes?limit=20', z.array(roleChangeSchema), signal),
    }),
  );
}
