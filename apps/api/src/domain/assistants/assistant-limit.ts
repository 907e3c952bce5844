import type { Config } from '#api/config/env.ts';
import type { RateLimitCounters } from '#api/lib/rate-limit-store.ts';

const WINDOW_MS = 60_000;

/**
 * Per-minute limit keyed by profile address, the same from any IP. Unproven calls (outside production only) count on
 * a budget of their own, so claiming a profile never spends its assistant's. Answers the seconds to wait, or null.
 */
export async function assistantOverLimit(
  counters: RateLimitCounters,
  config: Pick<Config, 'RATE_LIMIT_ASSISTANT_PER_MINUTE'>,
  caller: { profile: string; proven: boolean },
): Promise<number | null> {
  const budget = `${caller.proven ? 'assistant' : 'unverified'}:${caller.profile}`;
  const { count, ttlMs } = await counters.incr(budget, WINDOW_MS);
  return count > config.RATE_LIMIT_ASSISTANT_PER_MINUTE ? Math.max(1, Math.ceil(ttlMs / 1000)) : null;
}
