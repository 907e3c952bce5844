import { z } from 'zod';
import { lazySchema } from '@parts-shop/shared/lazy-schema';
import { REVIEWS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { reviewSchema } from '@parts-shop/shared/review';
import { pagedListQueryOptions, usePagedList, type PagedListOptions } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const reviewListSchema = lazySchema(() => z.array(reviewSchema));

const reviewsPages: PagedListOptions<z.infer<typeof reviewSchema>> = {
  queryKey: queryKeys.reviews.pages(REVIEWS_PAGE_SIZE),
  firstPage: listPath('reviews', REVIEWS_PAGE_SIZE),
  schema: reviewListSchema,
};

export function useReviewsPages() {
  return usePagedList(reviewsPages);
}

export const reviewsPagesQueryOptions = () => pagedListQueryOptions(reviewsPages);
