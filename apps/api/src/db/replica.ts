import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Reads that may lag (the catalog, search, facets, reviews, published builds, sitemaps, llms.txt, MCP's catalog) go
 * to a streaming replica (DATABASE_REPLICA_URL) while it is up and at most `maxLagMs` behind; otherwise, and for a
 * request pinned to the primary (read-your-writes, lib/primary-pin.ts), to the primary's pool. Money, stock,
 * ownership and roles never come here: they read `db`, the primary. docs/deploy.md#read-replicas.
 */

const CHECK_EVERY_MS = 200;

/** Whether the request under way must read the primary: set per request by lib/primary-pin.ts. */
export const primaryPin = new AsyncLocalStorage<boolean>();

/** PostgreSQL's "16/B374D848" as a number that orders like the WAL. */
function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export type ReplicaState = {
  /** How far behind the primary the replica's replay is, in ms; Infinity while it does not answer. */
  lagMs: () => number;
  stop: () => Promise<void>;
};

/**
 * How far behind the replica is, as time: every check notes the primary's WAL position and when; the replica is as
 * fresh as the newest noted position it has replayed. An idle primary's position does not move, so an idle replica
 * is 0 behind rather than "seconds since the last write".
 */
export function watchReplica(primary: pg.Pool, replica: pg.Pool, log: (message: string) => void): ReplicaState {
  const noted: { lsn: bigint; at: number }[] = [];
  let lag = Number.POSITIVE_INFINITY;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const check = async () => {
    try {
      const at = Date.now();
      const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      noted.push({ lsn: lsnValue(rows[0]?.lsn ?? '0/0'), at });
      const answer = await replica.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      const replayed = lsnValue(answer.rows[0]?.lsn ?? '0/0');
      const caughtUpTo = noted.findLast((note) => note.lsn <= replayed);
      const wasUsable = Number.isFinite(lag);
      // Until it has replayed a position noted here, how far behind it is cannot be told (a replica started from an
      // old backup may lack whole tables), so reads stay on the primary.
      lag = caughtUpTo ? Date.now() - caughtUpTo.at : Number.POSITIVE_INFINITY;
      if (!wasUsable && Number.isFinite(lag)) log(`the read replica answers, ${lag} ms behind`);
      // Older notes than the one it has reached say nothing more.
      if (caughtUpTo) noted.splice(0, noted.indexOf(caughtUpTo));
      if (noted.length > 10_000) noted.splice(0, noted.length - 10_000);
    } catch (error) {
      if (Number.isFinite(lag))
        log(`the read replica does not answer (${(error as Error).message}); reading the primary`);
      lag = Number.POSITIVE_INFINITY;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = check().finally(schedule);
    }, CHECK_EVERY_MS);
    timer.unref();
  };
  running = check().finally(schedule);
  return {
    lagMs: () => lag,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A pool that lends the replica's connections while the replica is usable and the request is not pinned, else the
 * primary's. A pg.Pool itself (it never opens a connection), so drizzle treats it as the pool it stands for.
 */
export function replicaRoutingPool(primary: pg.Pool, replica: pg.Pool, state: ReplicaState, maxLagMs: number): pg.Pool {
  const pick = () => (primaryPin.getStore() !== true && state.lagMs() <= maxLagMs ? replica : primary);
  const routing = new pg.Pool({ max: 1 });
  routing.query = ((...args: unknown[]) => {
    const pool = pick();
    return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as pg.Pool['query'];
  routing.connect = ((...args: unknown[]) => {
    const pool = pick();
    return (pool.connect as (...a: unknown[]) => unknown).apply(pool, args);
  }) as pg.Pool['connect'];
  return routing;
}
