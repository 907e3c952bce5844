import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PAGE_LIMIT_MAX } from '@parts-shop/shared/constants';
import { partSchema, type Part } from '@parts-shop/shared/part';
import { apiGetPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The admin table asks for the largest page the API gives, so most shops fit on one. */
export const CATALOG_PAGE_SIZE = PAGE_LIMIT_MAX;

const partListSchema = z.array(partSchema);

export type CatalogPage = { items: Part[]; nextCursor: string | null };

/** The opaque cursor of the next page, read from the Link header's URL. */
function cursorOf(next: string | null): string | null {
  if (!next) return null;
  return new URL(next, 'http://link.invalid').searchParams.get('cursor');
}

/** One page of every part, newest first (GET /parts?limit=&cursor=). */
export async function getCatalogPage(cursor: string | null, signal?: AbortSignal): Promise<CatalogPage> {
  const params = new URLSearchParams({ limit: String(CATALOG_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const page = await apiGetPage(`/parts?${params.toString()}`, partListSchema, signal);
  return { items: page.items, nextCursor: cursorOf(page.next) };
}

export function catalogPartsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.parts.manage(CATALOG_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getCatalogPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useCatalogParts() {
  return useInfiniteQuery(catalogPartsQueryOptions());
}
