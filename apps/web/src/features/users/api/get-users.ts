import { z } from 'zod';
import { userSummarySchema } from '@parts-shop/shared/user';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const userListSchema = z.array(userSummarySchema);
const USERS_PAGE = 20;

export function useUsers(q: string) {
  const search = new URLSearchParams({ limit: String(USERS_PAGE), ...(q ? { q } : {}) });
  return usePagedList({
    queryKey: queryKeys.users.list(q),
    firstPage: `/users?${search.toString()}`,
    schema: userListSchema,
  });
}
