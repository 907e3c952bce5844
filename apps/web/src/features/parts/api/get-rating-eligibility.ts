import { useQuery } from '@tanstack/react-query';
import { ratingEligibilitySchema } from '@parts-shop/shared/part-review';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useRatingEligibility(partId: string, email: string) {
  return useQuery({
    queryKey: queryKeys.parts.ratingEligibility(partId, email),
    queryFn: ({ signal }) =>
      apiGet(`/parts/${encodeURIComponent(partId)}/reviews/eligibility`, ratingEligibilitySchema, signal),
  });
}
