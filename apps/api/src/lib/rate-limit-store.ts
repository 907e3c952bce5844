import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import { CountersUnavailableError } from './database-unavailable.ts';

/** Where the rate limits count: one client budget's requests in its current window. */
export type RateLimitCounters = {
  /** Counts one request for `key` and answers the window's count and what is left of it. */
  incr: (key: string, windowMs: number) => Promise<{ count: number; ttlMs: number }>;
  close: () => Promise<void>;
};

/** In memory (PGlite is one process anyway), at most `maxKeys` counts. */
export function memoryCounters(maxKeys = 10_000): RateLimitCounters {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    incr: async (key, windowMs) => {
      const now = Date.now();
      const current = windows.get(key);
      const window = current && current.endsAt > now ? current : { count: 0, endsAt: now + windowMs };
      window.count += 1;
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      return { count: window.count, ttlMs: window.endsAt - now };
    },
    close: async () => undefined,
  };
}

/** In PostgreSQL: one upsert per request, windows by the database clock so every process agrees. */
export function postgresCounters(db: Db, sweepMs = 60_000): RateLimitCounters {
  const sweep = setInterval(() => {
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.endsAt, sql`now()`))
      .catch(() => undefined);
  }, sweepMs);
  sweep.unref();
  const open = sql`${rateLimitCounters.endsAt} > now()`;
  return {
    incr: async (key, windowMs) => {
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, endsAt: sql`now() + make_interval(secs => ${windowMs / 1000})`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${open} then ${rateLimitCounters.count} + 1 else 1 end`,
            endsAt: sql`case when ${open} then ${rateLimitCounters.endsAt} else excluded.ends_at end`,
          },
        })
        .returning({
          count: rateLimitCounters.count,
          ttlMs: sql<number>`ceil(extract(epoch from ${rateLimitCounters.endsAt} - now()) * 1000)::int`.mapWith(Number),
        });
      if (!row) throw new Error('rate limit counter: the upsert returned no row');
      return { count: row.count, ttlMs: Math.max(0, row.ttlMs) };
    },
    close: async () => clearInterval(sweep),
  };
}

// INCR and the expiry in one script, so a window never loses its end between two commands.
const REDIS_INCR = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** In Redis (REDIS_URL), shared by every process: one script call per request, the key expiring with its window. */
export function redisCounters(url: string, log: { warn: (obj: object, msg: string) => void }): RateLimitCounters {
  const redis = new Redis(url, {
    // A request waits for Redis at most about a second, then answers 503 (error-handler.ts).
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
  });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (!warned) log.warn({ err: error.message }, 'Redis unreachable; rate-limited requests answer 503');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return {
    incr: async (key, windowMs) => {
      try {
        const [count, ttlMs] = (await redis.eval(REDIS_INCR, 1, `parts-shop:rate:${key}`, windowMs)) as [
          number,
          number,
        ];
        return { count, ttlMs };
      } catch (error) {
        throw new CountersUnavailableError(error);
      }
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis where REDIS_URL is set, else PostgreSQL when the shop runs on it, else memory. */
export function rateLimitCountersFor(
  options: { redisUrl: string | undefined; db: Db; databaseKind: 'pglite' | 'postgres' },
  log: { warn: (obj: object, msg: string) => void },
): RateLimitCounters {
  if (options.redisUrl) return redisCounters(options.redisUrl, log);
  return options.databaseKind === 'postgres' ? postgresCounters(options.db) : memoryCounters();
}

/**
 * One store for every route: the plugin's per-route stores would let a client spend the write budget once per route.
 * Each limit names its budget (`groupId`).
 */
export function sharedRateLimitStore(counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      counters.incr(key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
    child: () => store,
  };
  // The plugin constructs its store with `new`; a constructor that returns an object yields it.
  return function SharedStore() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
