import { buildApp } from './app.ts';
import type { Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './seed/seed.ts';
import { stopOnSignals } from './operations/shutdown.ts';

/** Database, migrations, seed, then listen; `stopTracing` sends the last spans on close. */
export async function serve(config: Config, stopTracing?: () => Promise<void>): Promise<void> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    pooler: config.DATABASE_POOLER,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    publicReadTimeoutMs: config.PUBLIC_READ_TIMEOUT_MS,
    replicaUrl: config.DATABASE_REPLICA_URL,
    replicaMaxLagMs: config.REPLICA_MAX_LAG_MS,
  });
  const { app, deps } = await buildApp({
    config,
    db: database.db,
    publicReads: database.publicReads,
    onePlanReads: database.onePlanReads,
    changes: database.changes,
    databaseKind: database.kind,
    poolStats: database.poolStats,
  });
  if (config.SEED_DEMO && (await seedDemoData(database.db))) app.log.info('seeded the demo catalog');
  if (stopTracing) app.addHook('onClose', stopTracing);

  stopOnSignals({
    app,
    lifecycle: deps.lifecycle,
    closeDatabase: database.close,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    graceMs: config.SHUTDOWN_GRACE_MS,
  });
  await app.listen({ host: config.HOST, port: config.PORT });
}
