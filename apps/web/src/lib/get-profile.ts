import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@parts-shop/shared/user';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export function getProfile(email: string, signal?: AbortSignal): Promise<User> {
  return apiGet(`/users/${encodeURIComponent(email)}`, userSchema, signal);
}

export function profileQueryOptions(email: string) {
  return queryOptions({ queryKey: queryKeys.users.profile(email), queryFn: ({ signal }) => getProfile(email, signal) });
}

export function useProfile(email: string) {
  return useQuery(profileQueryOptions(email));
}
