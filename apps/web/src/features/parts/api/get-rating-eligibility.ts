import { useQuery } from '@tanstack/react-query';
import { ratingEligibilitySchema } from '@parts-shop/shared/part-review';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Whether the signed-in user may rate the part, and if not, why (GET /parts/{id}/reviews/eligibility). */
export function useRatingEligibility(partId: string, email: string) {
  return useQuery({
    queryKey: queryKeys.parts.ratingEligibility(partId, email),
    queryFn: ({ signal }) =>
      apiGet(`/parts/${encodeURIComponent(partId)}/reviews/eligibility`, ratingEligibilitySchema, signal),
  });
}
