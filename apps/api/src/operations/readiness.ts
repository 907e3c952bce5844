import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, ping, type Db } from '../db/client.ts';
import { outboxBacklog } from '../domain/emails/outbox.repo.ts';
import type { Lifecycle } from './lifecycle.ts';
import { countWorkers } from './worker-heartbeat.ts';

/** A check that takes longer than this has failed: a load balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 2000;

type Check = { ok: boolean; error?: string } & Record<string, unknown>;

export type Readiness = {
  ready: boolean;
  /** The failing checks by name, and "shutdown" once the process is stopping. */
  failing: string[];
  checks: { database: Check; migrations: Check; outbox: Check };
  /** Worker processes seen in the last minute; none is no reason to leave the balancer, the work waits in its tables. */
  workers: number;
};

async function timed(run: () => Promise<Record<string, unknown>>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return { ok: true, ...(await Promise.race([run(), timeout])) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

let expectedMigrations: number | undefined;
function migrationCount(): number {
  expectedMigrations ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  return expectedMigrations;
}

async function migrationsCheck(db: Db): Promise<Record<string, unknown>> {
  // Both drivers answer { rows }; the shared Db type does not say so.
  const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as {
    rows: { applied: number }[];
  };
  const applied = result.rows[0]?.applied ?? 0;
  const expected = migrationCount();
  if (applied < expected) throw new Error(`${applied} of ${expected} migrations applied`);
  return { applied, expected };
}

/** Outbox backlog is reported, not judged: slow mail is no reason to leave the balancer. */
export async function checkReadiness(db: Db, lifecycle: Lifecycle, mailWorker: 'running' | 'off'): Promise<Readiness> {
  const [database, migrations, outbox, workers] = await Promise.all([
    timed(async () => (await ping(db), {})),
    timed(() => migrationsCheck(db)),
    timed(async () => ({ ...(await outboxBacklog(db)), worker: mailWorker })),
    timed(async () => ({ count: await countWorkers(db) })),
  ]);
  const checks = { database, migrations, outbox };
  const failing = Object.entries(checks)
    .filter(([, check]) => !check.ok)
    .map(([name]) => name);
  if (lifecycle.shuttingDown) failing.push('shutdown');
  return {
    ready: failing.length === 0,
    failing,
    checks,
    workers: typeof workers.count === 'number' ? workers.count : 0,
  };
}
