/** The database or Redis is unreachable (not a failed query): 503, and the pool reconnects. */
const UNREACHABLE_CODES = new Set([
  '53300', // too_many_connections: every slot taken, by this shop's processes or others
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNREACHABLE_MESSAGES = [/Connection terminated/i, /not queryable/i, /timeout exceeded when trying to connect/i];

/** The shared store of the rate limits' counts (Redis) did not answer in time. */
export class CountersUnavailableError extends Error {
  constructor(cause: unknown) {
    super('rate limit counters unavailable', { cause });
    this.name = 'CountersUnavailableError';
  }
}

/** Whether `error` (or what it wraps: Drizzle puts the driver's error in `cause`) is one of those. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof CountersUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(e instanceof Error ? e.message : ''))) return true;
  }
  return false;
}
