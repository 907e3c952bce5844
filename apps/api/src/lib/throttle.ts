/**
 * Allows an action at most once per `intervalMs` for each key, in this process. Remembers at
 * most `maxKeys` keys (the oldest are forgotten first), so a flood of keys cannot grow it.
 */
export function createThrottle(intervalMs: number, maxKeys = 10_000): (key: string) => boolean {
  const last = new Map<string, number>();
  return (key) => {
    const now = Date.now();
    const at = last.get(key);
    if (at !== undefined && now - at < intervalMs) return false;
    last.delete(key);
    last.set(key, now);
    if (last.size > maxKeys) {
      const oldest = last.keys().next().value;
      if (oldest !== undefined) last.delete(oldest);
    }
    return true;
  };
}
