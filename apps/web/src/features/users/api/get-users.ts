import { z } from 'zod';
import { userSchema } from '@parts-shop/shared/user';
import { usePagedList } from '../../../lib/paged-list.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const userListSchema = z.array(userSchema);

/** GET /users (admin): every user, for Make Admin (docs/product.md#api-calls), a page at a time. */
export function useUsers() {
  return usePagedList({ queryKey: queryKeys.users.list, firstPage: '/users', schema: userListSchema });
}
