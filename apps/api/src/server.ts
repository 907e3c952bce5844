import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';

/** The API process: configuration, database, migrations, seed, then listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    publicReadTimeoutMs: config.PUBLIC_READ_TIMEOUT_MS,
  });
  const { app } = await buildApp({ config, db: database.db, publicReads: database.publicReads });
  if (config.SEED_DEMO && (await seedDemoData(database.db))) app.log.info('seeded the demo catalog');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
