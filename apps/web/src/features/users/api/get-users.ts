import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { roleChangeSchema, userSchema } from '@parts-shop/shared/user';
import { apiGet, apiGetPage } from '../../../lib/api-client.ts';

/** GET /users (admin): users by email, a page at a time, optionally searched by email or name. */
export function usersQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: ['users', 'list', q],
    queryFn: ({ pageParam, signal }) => apiGetPage(pageParam, z.array(userSchema), signal),
    initialPageParam: q ? `/users?q=${encodeURIComponent(q)}` : '/users',
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });
}

export function useUsers(q: string) {
  return useInfiniteQuery(usersQueryOptions(q));
}

/** GET /role-changes (admin): who made whom admin or removed it, newest first. */
export function useRoleChanges() {
  return useQuery(
    queryOptions({
      queryKey: ['users', 'role-changes'],
      queryFn: ({ signal }) => apiGet('/role-changes?limit=20', z.array(roleChangeSchema), signal),
    }),
  );
}
