import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PARTS_PAGE_SIZE } from '@parts-shop/shared/constants';
import { listPath } from '@parts-shop/shared/first-reads';
import { partSchema } from '@parts-shop/shared/part';
import { apiGetPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const partListSchema = z.array(partSchema);

/** The opaque cursor of the next page, taken from the Link header's URL. */
function cursorFrom(next: string | null): string | null {
  if (!next) return null;
  return new URL(next, 'http://link.invalid').searchParams.get('cursor');
}

/** One page of every part, newest first (GET /parts?limit=&cursor=). */
export async function getPartsPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  const page = await apiGetPage(listPath('parts', PARTS_PAGE_SIZE, cursor), partListSchema, signal);
  return { items: page.items, nextCursor: cursorFrom(page.next) };
}

export function partsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.parts.pages(PARTS_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getPartsPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function usePartsPages() {
  return useInfiniteQuery(partsInfiniteQueryOptions());
}
