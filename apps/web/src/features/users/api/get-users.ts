import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type User } from '@parts-shop/shared/user';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /users (admin): every user, for Make Admin (docs/product.md#api-calls). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiGet('/users', z.array(userSchema), signal);
}

export const usersQueryKey = ['users', 'list'] as const;

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
