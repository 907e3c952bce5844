import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { REVIEWS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { reviewSchema } from '@parts-shop/shared/review';
import { apiGetPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const reviewListSchema = z.array(reviewSchema);

/** The opaque cursor of the next page, taken from the Link header's URL. */
function cursorFrom(next: string | null): string | null {
  if (!next) return null;
  return new URL(next, 'http://link.invalid').searchParams.get('cursor');
}

/** One page of every review, newest first (GET /reviews?limit=&cursor=). */
export async function getReviewsPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  const page = await apiGetPage(listPath('reviews', REVIEWS_PAGE_SIZE, cursor), reviewListSchema, signal);
  return { items: page.items, nextCursor: cursorFrom(page.next) };
}

export function reviewsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.reviews.pages(REVIEWS_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getReviewsPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useReviewsPages() {
  return useInfiniteQuery(reviewsInfiniteQueryOptions());
}
