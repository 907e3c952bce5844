import { z } from 'zod';
import { userSummarySchema } from '@parts-shop/shared/user';
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
