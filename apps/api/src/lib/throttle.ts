/** At most once per `intervalMs` per key in this process; at most `maxKeys` keys. */
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
