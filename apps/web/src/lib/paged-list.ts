import { useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGetPage } from './api-client.ts';

export type PagedListOptions<T> = {
  queryKey: QueryKey;
  firstPage: string;
  schema: z.ZodType<T[]>;
  staleTime?: number;
};

export function pagedListQueryOptions<T>({ queryKey, firstPage, schema, staleTime }: PagedListOptions<T>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiGetPage(pageParam, schema, signal),
    initialPageParam: firstPage,
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}

export function usePagedList<T>(options: PagedListOptions<T> & { enabled?: boolean }) {
  const query = useInfiniteQuery({ ...pagedListQueryOptions(options), enabled: options.enabled ?? true });
  const { data } = query;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return { ...query, items };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
