import { useEffect, useRef } from 'react';

type Options = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** After a failed page, wait for the shopper to ask again instead of retrying in a loop. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  /** Start loading this far before the sentinel scrolls into view. */
  rootMargin?: string;
};

/**
 * Infinite scroll: returns a ref for a sentinel element placed after the list; the next page
 * loads when it comes near the viewport. A fresh observer is made after every page, so a
 * sentinel that is still visible (a tall screen) keeps loading until the screen is full.
 * Without IntersectionObserver nothing happens here and the visible "Load more" button remains.
 */
export function useLoadOnScroll<T extends Element>({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
  rootMargin = '600px 0px',
}: Options) {
  const sentinel = useRef<T>(null);
  const fetchNext = useRef(fetchNextPage);
  useEffect(() => {
    fetchNext.current = fetchNextPage;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          fetchNext.current();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, rootMargin]);
  return sentinel;
}
