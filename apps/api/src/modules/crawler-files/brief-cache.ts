/**
 * Remembers each generated file for a short time: crawlers fetch robots.txt and sitemaps
 * often, and a sitemap of 100,000 parts is a scan the database need not repeat every second.
 */
export function briefCache(ttlMs: number) {
  const entries = new Map<string, { expires: number; value: Promise<string> }>();
  return (key: string, make: () => Promise<string>): Promise<string> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = make();
    entries.set(key, { expires: now + ttlMs, value });
    // A failed generation is not remembered: the next request tries again.
    value.catch(() => entries.delete(key));
    return value;
  };
}
