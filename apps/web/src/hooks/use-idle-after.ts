import { useEffect, useState } from 'react';

/**
 * False until `ready` has turned true and the browser has then had an idle moment (or a
 * second has passed): for work that must not compete with what the visitor is waiting for.
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(timer);
  }, [ready, idle]);
  return idle;
}
