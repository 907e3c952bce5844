import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { HOME_LIST_SIZE } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { reviewSchema } from '@parts-shop/shared/review';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const reviewListSchema = z.array(reviewSchema);

export function getLatestReviews(signal?: AbortSignal) {
  return apiGet(listPath('reviews', HOME_LIST_SIZE), reviewListSchema, signal);
}

export function latestReviewsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.reviews.latest(HOME_LIST_SIZE),
    queryFn: ({ signal }) => getLatestReviews(signal),
  });
}

export function useLatestReviews() {
  return useQuery(latestReviewsQueryOptions());
}
