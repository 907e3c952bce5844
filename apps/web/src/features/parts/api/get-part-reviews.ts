import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lazySchema } from '@parts-shop/shared/lazy-schema';
import { partReviewSchema } from '@parts-shop/shared/part-review';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const PART_REVIEWS_SHOWN = 20;
const partReviewListSchema = lazySchema(() => z.array(partReviewSchema));

export function usePartReviews(partId: string) {
  return useQuery({
    queryKey: queryKeys.parts.reviews(partId),
    queryFn: ({ signal }) =>
      apiGet(`/parts/${encodeURIComponent(partId)}/reviews?limit=${PART_REVIEWS_SHOWN}`, partReviewListSchema, signal),
  });
}
