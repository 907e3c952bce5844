import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/**
 * The rate limiter's counters, one store for every route. @fastify/rate-limit gives each
 * route a store of its own, so a client could spend the write budget once per route; here
 * each limit names its budget (`groupId`, lib/deps.ts), which the plugin adds to the
 * client's key: all writes share one count per client, sign-in another, MCP calls a third.
 * At most `maxKeys` counts are kept (the oldest forgotten first), so a flood of addresses
 * cannot grow it.
 */
export function sharedRateLimitStore(maxKeys = 10_000): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      const now = Date.now();
      const current = windows.get(key);
      const window = current && current.endsAt > now ? current : { count: 0, endsAt: now + timeWindow };
      window.count += 1;
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      callback(null, { current: window.count, ttl: window.endsAt - now });
    },
    child: () => store,
  };
  // The plugin constructs its store with `new`; a constructor that returns an object yields it.
  return function SharedStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
