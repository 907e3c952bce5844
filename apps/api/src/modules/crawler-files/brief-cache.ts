/** Crawlers fetch sitemaps often, and a big one is a scan; at most `maxKeys`, emptied on catalog changes. */
export function briefCache(ttlMs: number, maxKeys = 100) {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  const forgetAll = () => entries.clear();
  const read = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = make();
    entries.delete(key);
    entries.set(key, { expires: now + ttlMs, value });
    if (entries.size > maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
  return { read, forgetAll };
}
