import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { workerHeartbeats } from '#api/db/schema.ts';
import type { WorkerLog } from '#api/lib/polling-loop.ts';

/** A worker not seen for this long is gone: `/api/ready` and `shop_workers` count the others. */
const SEEN_WITHIN = sql`interval '1 minute'`;
/** Four beats a minute: a worker that misses one is still counted. */
const BEAT_EVERY_MS = 15_000;

/** How many worker processes wrote a heartbeat in the last minute, on any machine. */
export async function countWorkers(db: Db): Promise<number> {
  const [row] = await db
    .select({ workers: sql<number>`count(*)`.mapWith(Number) })
    .from(workerHeartbeats)
    .where(sql`${workerHeartbeats.seenAt} > now() - ${SEEN_WITHIN}`);
  return row?.workers ?? 0;
}

/**
 * Beats now (resolving after the first, so a process counts itself once ready) and every 15 s; a stop removes the
 * row, so the count drops at once rather than after a minute.
 */
export async function startHeartbeat(db: Db, log: WorkerLog): Promise<{ stop: () => Promise<void> }> {
  const processId = randomUUID();
  const beat = async () => {
    try {
      await db
        .insert(workerHeartbeats)
        .values({ processId })
        .onConflictDoUpdate({ target: workerHeartbeats.processId, set: { seenAt: sql`now()` } });
      // A killed worker leaves its row; a day later it is only clutter.
      await db.delete(workerHeartbeats).where(lt(workerHeartbeats.seenAt, sql`now() - interval '1 day'`));
    } catch (error) {
      log.warn({ err: error }, 'worker heartbeat failed');
    }
  };
  let running = beat();
  await running;
  const timer = setInterval(() => {
    running = running.then(beat);
  }, BEAT_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await db
        .delete(workerHeartbeats)
        .where(eq(workerHeartbeats.processId, processId))
        .catch((error: unknown) => log.warn({ err: error }, 'removing the worker heartbeat failed'));
    },
  };
}
