import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema } from '@parts-shop/shared/user';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

// Add Review only needs the name from the profile; reading just that keeps it working whatever else the profile
// grows.
const reviewerSchema = userSchema.pick({ userName: true });

export function getReviewerProfile(email: string, signal?: AbortSignal) {
  return apiGet(`/users/${encodeURIComponent(email)}`, reviewerSchema, signal);
}

export function reviewerProfileQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.users.reviewerName(email),
    queryFn: ({ signal }) => getReviewerProfile(email, signal),
    // The name may just have been edited on My Profile.
    staleTime: 0,
  });
}

export function useReviewerProfile(email: string | null | undefined) {
  return useQuery({ ...reviewerProfileQueryOptions(email ?? ''), enabled: Boolean(email) });
}
