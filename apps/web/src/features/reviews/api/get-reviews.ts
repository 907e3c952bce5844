import { z } from 'zod';
import { REVIEWS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { reviewSchema } from '@parts-shop/shared/review';
import { usePagedList } from '../../../lib/paged-list.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const reviewListSchema = z.array(reviewSchema);

/** /allreviews: every review, newest first (GET /reviews?limit=&cursor=); the first page is preloaded by the HTML. */
export function useReviewsPages() {
  return usePagedList({
    queryKey: queryKeys.reviews.pages(REVIEWS_PAGE_SIZE),
    firstPage: listPath('reviews', REVIEWS_PAGE_SIZE),
    schema: reviewListSchema,
  });
}
