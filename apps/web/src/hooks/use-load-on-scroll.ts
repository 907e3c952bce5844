import { useEffect, useRef } from 'react';

type Options = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** After a failed page, wait for the shopper to ask again instead of retrying in a loop. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  rootMargin?: string;
};

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
