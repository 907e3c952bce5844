import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * False until the element has come within `rootMargin` of the viewport, then true for good: for code a page needs
 * only once the visitor scrolls near it.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    // As a transition: what it brings in may load code, and whatever is on screen meanwhile (a placeholder) stays
    // there instead of being swapped for a Suspense fallback.
    const arrive = () => startTransition(() => setNear(true));
    if (typeof IntersectionObserver === 'undefined') {
      arrive();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) arrive();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
