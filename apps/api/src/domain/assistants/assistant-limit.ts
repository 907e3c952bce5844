import type { Config } from '#api/config/env.ts';
import type { RateLimitCounters } from '#api/lib/rate-limit-store.ts';

const WINDOW_MS = 60_000;

/**
 * Counts one call of an assistant against RATE_LIMIT_ASSISTANT_PER_MINUTE, on the counters
 * every rate limit shares (Redis, PostgreSQL or memory), keyed by its profile address so that
 * one assistant's budget is the same from any address it calls from. Answers the seconds to
 * wait when it is over the limit, else null.
 */
export async function assistantOverLimit(
  counters: RateLimitCounters,
  config: Pick<Config, 'RATE_LIMIT_ASSISTANT_PER_MINUTE'>,
  profile: string,
): Promise<number | null> {
  const { count, ttlMs } = await counters.incr(`assistant:${profile}`, WINDOW_MS);
  return count > config.RATE_LIMIT_ASSISTANT_PER_MINUTE ? Math.max(1, Math.ceil(ttlMs / 1000)) : null;
}
