import { z } from 'zod';
import { partReviewSchema } from '@parts-shop/shared/part-review';
import { usePagedList } from '../../../lib/paged-list.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const PAGE_SIZE = 10;
const partReviewListSchema = z.array(partReviewSchema);

/** The part page's buyers' ratings, newest first (GET /parts/{id}/reviews). */
export function usePartReviews(partId: string) {
  return usePagedList({
    queryKey: queryKeys.parts.reviews(partId),
    firstPage: `/parts/${encodeURIComponent(partId)}/reviews?limit=${PAGE_SIZE}`,
    schema: partReviewListSchema,
  });
}
