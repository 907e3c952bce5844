import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGetPage } from './api-client.ts';

export type PagedListOptions<T> = {
  /** From `queryKeys`. */
  queryKey: QueryKey;
  /** The API path of the first page (e.g. `/parts?limit=24`); each next one is the Link header's. */
  firstPage: string;
  schema: z.ZodType<T[]>;
  /** For lists whose rows change under the viewer (orders): 0, read again on every visit. */
  staleTime?: number;
};

/**
 * A newest-first list of the API, a page at a time (keyset paging): the first page is
 * `firstPage`, and the following one is wherever the answer's `Link: <…>; rel="next"` points,
 * until an answer has none. The cursor stays the server's business.
 */
export function pagedListQueryOptions<T>({ queryKey, firstPage, schema, staleTime }: PagedListOptions<T>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiGetPage(pageParam, schema, signal),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

/**
 * The one hook for paged lists (parts, reviews, orders, users): the infinite query, plus
 * `items`, every page's rows in order. `enabled: false` waits (for a signed-in email, say).
 */
export function usePagedList<T>(options: PagedListOptions<T> & { enabled?: boolean }) {
  const query = useInfiniteQuery({ ...pagedListQueryOptions(options), enabled: options.enabled ?? true });
  const { data } = query;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return { ...query, items };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
