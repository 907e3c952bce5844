// npm run bench: load and page-speed figures, each beside its target (docs/performance.md).
//   options: --soak --no-build --only=reads,discovery,writes,builds,assistants,overview,import,processes,lighthouse,soak
//            --duration=10 --lh-runs=3 --pg-only --pglite-only --json=FILE --lh-blocked
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    soak: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'lh-runs': { type: 'string', default: '3' },
    'lh-blocked': { type: 'boolean', default: false },
    'soak-seconds': { type: 'string', default: '60' },
    'pg-only': { type: 'boolean', default: false },
    'pglite-only': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const { ensureInstalled } = await import('./lib/install.mjs');
ensureInstalled(root);
const { freePort } = await import('./lib/free-port.mjs');
const { startAuthEmulator } = await import('./lib/emulator.mjs');
const { startPostgres } = await import('./lib/postgres.mjs');
const { buildShop, startShop } = await import('./lib/shop.mjs');
const { openPglite, openPostgres, seedCatalog, checkIdOrder, explainPaging } = await import('./bench/seed.mjs');
const { readBench, pagingBench } = await import('./bench/reads.mjs');
const { captureDiscovery, captureEnv, captureFile, discoveryAgainstList, discoveryBench } =
  await import('./bench/discovery.mjs');
const { lighthouseBench } = await import('./bench/lighthouse.mjs');
const { firstVisitScripts, JS_BUDGET_BYTES } = await import('./lib/first-visit-budget.mjs');
const { writeBench } = await import('./bench/writes.mjs');
const { buildsBench } = await import('./bench/builds.mjs');
const { assistantsBench } = await import('./bench/assistants.mjs');
const { overviewBench } = await import('./bench/overview.mjs');
const { soakBench } = await import('./bench/soak.mjs');
const { importBench } = await import('./bench/import.mjs');
const { processesBench } = await import('./bench/processes.mjs');
const { rolesBench } = await import('./bench/roles.mjs');
const { replicaBench } = await import('./bench/replica.mjs');
const { edgeCacheBench } = await import('./bench/edge-cache.mjs');
const { heading, printSummary, record, rows, fmt } = await import('./bench/report.mjs');

const wanted = new Set(
  (args.only ?? 'reads,discovery,writes,builds,assistants,overview,import,processes,lighthouse')
    .split(',')
    .map((s) => s.trim()),
);
if (args.soak) wanted.add('soak');
const duration = Number(args.duration);
const connections = Number(args.connections);
const PARTS = 100_000;
const REVIEWS = 10_000;
const ORDERS = 100_000;
const WEB_DIST = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JWT_SECRET = randomBytes(32).toString('hex');

const machine = {
  cpus: os.availableParallelism(),
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memory: fmt.mb(os.totalmem()),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
};
heading('Parts Shop bench');
console.log(
  `machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memory} RAM, Node ${machine.node}, ${machine.platform}`,
);
console.log(
  `catalog: ${PARTS.toLocaleString('en-US')} parts, ${REVIEWS.toLocaleString('en-US')} reviews; figures: ${[...wanted].join(', ')}`,
);
const load1 = os.loadavg()[0] ?? 0;
console.log(
  `load average before the bench: ${load1.toFixed(2)}` +
    (load1 > machine.cpus * 0.5 ? ' (other work on this machine skews the figures)' : ''),
);

if (!args['no-build']) {
  heading('Build');
  buildShop(root);
}

const shopEnv = {
  NODE_ENV: 'development',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  JWT_SECRET,
  // Every request here comes from 127.0.0.1; the limits are not what is measured.
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000000',
  MAX_UNPAID_ORDERS: '10000',
  MAX_UNPAID_UNITS_PER_PART: '1000000',
  MAX_UNPAID_CENTS: '100000000000',
  DATABASE_POOL_SIZE: '10',
};

// Admin requests ask Firebase about the caller, so the bench admin is an emulator account.
/** @type {import('./lib/emulator.mjs').AuthEmulator | undefined} */
let emulator;
if ((wanted.has('overview') || wanted.has('import')) && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  emulator = await startAuthEmulator({ port: await freePort() });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

/** @typedef {import('./bench/seed.mjs').Plan} Plan */

/** @type {(() => unknown)[]} */
const cleanups = [];
const cleanUp = async () => {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  if (wanted.has('import') && !args['pglite-only']) {
    heading('Import on PostgreSQL');
    const pg = await startPostgres({ log: console.log });
    cleanups.push(() => pg.stop());
    const db = await openPostgres(pg.url);
    cleanups.push(() => db.close());
    const shop = await startShop(root, {
      port: await freePort(),
      env: { ...shopEnv, DATABASE_URL: pg.url },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    cleanups.push(() => shop.stop());
    await attempt('Import on PostgreSQL', () => importBench(shop.url, db, { secret: JWT_SECRET }));
    await cleanUp();
  }
  const others = [...wanted].some((w) => w !== 'import');
  if (!args['pglite-only'] && others) {
    heading('PostgreSQL');
    const pg = await startPostgres({ log: console.log });
    cleanups.push(() => pg.stop());
    const db = await openPostgres(pg.url);
    cleanups.push(() => db.close());
    const seeded = await seedCatalog(db, { parts: PARTS, reviews: REVIEWS });
    console.log(`seeded in ${seeded.seconds.toFixed(1)} s`);
    checkSeed(await checkIdOrder(db, 'parts'), 'parts');
    if (wanted.has('reads')) recordPlans('PostgreSQL', await explainPaging(db, { page: 1_000, pageSize: 24 }));
    if (wanted.has('reads')) {
      const bare = await startShop(root, {
        port: await freePort(),
        env: { ...shopEnv, DATABASE_URL: pg.url, PUBLIC_CACHE_MS: '0' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      cleanups.push(() => bare.stop());
      await attempt('Paging on PostgreSQL', () =>
        pagingBench(bare.url, { label: 'PostgreSQL', gate: true, duration, connections }),
      );
      await bare.stop();
    }
    if (wanted.has('discovery')) await attempt('Discovery on PostgreSQL', () => discovery(pg.url));
    const shop = await startShop(root, {
      port: await freePort(),
      env: { ...shopEnv, DATABASE_URL: pg.url },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    cleanups.push(() => shop.stop());
    if (wanted.has('reads'))
      await attempt('Reads on PostgreSQL', () =>
        readBench(shop.url, { label: 'PostgreSQL', gate: true, duration, connections }),
      );
    if (wanted.has('lighthouse'))
      await attempt('Page speed', () =>
        lighthouseBench(shop.url, {
          root,
          webDist: WEB_DIST,
          runs: Number(args['lh-runs']),
          chromePath: CHROMIUM,
          blocked: args['lh-blocked'],
        }),
      );
    if (wanted.has('writes'))
      await attempt('Writes on PostgreSQL', () =>
        writeBench(shop.url, db, { duration, connections, secret: JWT_SECRET }),
      );
    if (wanted.has('builds'))
      await attempt('Builds on PostgreSQL', () =>
        buildsBench(shop.url, db, { duration, connections, secret: JWT_SECRET }),
      );
    if (wanted.has('assistants'))
      await attempt('AI assistants on PostgreSQL', () =>
        assistantsBench(shop.url, db, { duration, connections: 10, secret: JWT_SECRET }),
      );
    if (wanted.has('overview'))
      await attempt('Overview on PostgreSQL', () =>
        overviewBench(shop.url, db, { orders: ORDERS, duration, connections: 10, secret: JWT_SECRET }),
      );
    if (wanted.has('processes')) await deployment(shop, pg.url, db);
    if (wanted.has('soak'))
      await attempt('Soak on PostgreSQL', () =>
        soakBench(shop, db, { seconds: Number(args['soak-seconds']), connections: 200, secret: JWT_SECRET }),
      );
    await cleanUp();
  }

  if (!args['pg-only'] && (wanted.has('reads') || wanted.has('discovery'))) {
    heading('PGlite');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-bench-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = await openPglite(dataDir);
    const seeded = await seedCatalog(db, { parts: PARTS, reviews: REVIEWS });
    checkSeed(await checkIdOrder(db, 'parts'), 'parts');
    if (wanted.has('reads')) recordPlans('PGlite', await explainPaging(db, { page: 1_000, pageSize: 24 }));
    await db.close();
    console.log(`seeded in ${seeded.seconds.toFixed(1)} s`);
    const bare = await startShop(root, {
      port: await freePort(),
      env: { ...shopEnv, DATA_DIR: dataDir, PUBLIC_CACHE_MS: '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    cleanups.push(() => bare.stop());
    if (wanted.has('reads'))
      await attempt('Paging on PGlite', () =>
        pagingBench(bare.url, { label: 'PGlite', gate: false, duration, connections }),
      );
    if (wanted.has('discovery'))
      for (const at of new Set([10, connections]))
        await attempt('Discovery on PGlite', () =>
          discoveryAgainstList(bare.url, { label: 'PGlite', duration, connections: at }),
        );
    await bare.stop();
    if (wanted.has('reads')) {
      const shop = await startShop(root, {
        port: await freePort(),
        env: { ...shopEnv, DATA_DIR: dataDir },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      cleanups.push(() => shop.stop());
      await attempt('Reads on PGlite', () =>
        readBench(shop.url, { label: 'PGlite', gate: false, duration, connections }),
      );
    }
    await cleanUp();
  }

  if (wanted.has('lighthouse')) {
    const scripts = firstVisitScripts(WEB_DIST);
    const total = scripts.reduce((s, x) => s + x.gzip, 0);
    record(
      'Page speed: build',
      'first visit JS from the build manifest (gzip)',
      `${fmt.kb(total)} in ${scripts.length} files`,
      `<= ${fmt.kb(JS_BUDGET_BYTES)}`,
      total <= JS_BUDGET_BYTES,
    );
  }
} catch (error) {
  console.error(error);
  record(
    'Bench',
    'run',
    error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    'completes',
    false,
  );
} finally {
  await cleanUp();
  await emulator?.stop();
}

const failed = printSummary();
if (args.json) fs.writeFileSync(args.json, JSON.stringify({ machine, at: new Date().toISOString(), rows }, null, 2));
process.exit(failed === 0 ? 0 : 1);

/** @param {string} label @param {{ first: Plan, deep: Plan }} plans */
function recordPlans(label, plans) {
  const section = `Paging plan on ${label}: EXPLAIN (ANALYZE, BUFFERS) of the API's page query`;
  console.log(`\n--- ${section} ---`);
  const show = (/** @type {Plan} */ p) => `${p.node}, ${p.rows} rows, ${p.buffers} buffers, ${p.ms.toFixed(2)} ms`;
  record(section, 'page 1', show(plans.first), 'index scan', /Index/.test(plans.first.node));
  record(
    section,
    'page 1,000',
    show(plans.deep),
    'same scan, <= page 1 buffers + 2',
    plans.deep.node === plans.first.node && plans.deep.buffers <= plans.first.buffers + 2,
  );
}

/** @param {string} databaseUrl */
async function discovery(databaseUrl) {
  const file = captureFile();
  cleanups.push(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
  const env = { ...shopEnv, DATABASE_URL: databaseUrl, PUBLIC_CACHE_MS: '0' };
  const recording = await startShop(root, {
    port: await freePort(),
    env: { ...env, ...captureEnv(file) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => recording.stop());
  const reads = await captureDiscovery(recording.url, file);
  await recording.stop();
  const bare = await startShop(root, { port: await freePort(), env, stdio: ['ignore', 'inherit', 'inherit'] });
  cleanups.push(() => bare.stop());
  for (const at of new Set([10, connections]))
    await discoveryBench(bare.url, reads, {
      databaseUrl,
      poolSize: Number(shopEnv.DATABASE_POOL_SIZE),
      duration,
      connections: at,
    });
  await bare.stop();
}

/**
 * Several processes, then the reference deployment's parts (docs/deploy.md): roles, a read replica, a cache in front.
 * The comparisons alternate their two sides in rounds of half the duration and take the medians.
 * @param {{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }} shop
 * @param {string} databaseUrl @param {import('./bench/seed.mjs').Sql} db
 */
async function deployment(shop, databaseUrl, db) {
  const catalog = await attempt('Several processes on PostgreSQL', () =>
    processesBench(shop, () => startAnotherShop(databaseUrl), db, {
      databaseUrl,
      duration,
      connections,
      secret: JWT_SECRET,
    }),
  );
  if (!catalog) return;
  const start = (/** @type {Record<string, string>} */ env) => startAnotherShop(databaseUrl, env);
  const rounds = { rounds: 3, duration: Math.max(3, Math.round(duration / 2)), connections };
  await attempt('Roles on PostgreSQL', () =>
    rolesBench(start, { port: Number(new URL(databaseUrl).port), ...catalog, ...rounds }),
  );
  await attempt('Read replica', () =>
    replicaBench(start, { primaryUrl: databaseUrl, reads: catalog.reads, log: console.log, ...rounds }),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-bench-nginx-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  await attempt('Cache in front', () =>
    edgeCacheBench([Number(new URL(shop.url).port)], { dir, partIds: catalog.partIds, ...rounds }),
  );
}

/**
 * One more shop on the database, with a DATA_DIR of its own as on another machine.
 * @param {string} databaseUrl @param {Record<string, string>} [env] more settings
 */
async function startAnotherShop(databaseUrl, env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-bench-process-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const shop = await startShop(root, {
    port: await freePort(),
    env: { ...shopEnv, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => shop.stop());
  return shop;
}

/**
 * A failure is recorded and the rest still runs.
 * @template T @param {string} name @param {() => Promise<T>} fn @returns {Promise<T | undefined>} what fn answered
 */
async function attempt(name, fn) {
  try {
    return await fn();
  } catch (error) {
    console.error(error);
    record(
      name,
      'run',
      error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
      'completes',
      false,
    );
    return undefined;
  }
}

/** @param {{ v7: boolean, ordered: boolean } | undefined} check @param {string} table */
function checkSeed(check, table) {
  if (!check?.v7 || !check.ordered)
    throw new Error(`seeded ${table} ids are not time-ordered UUIDv7: ${JSON.stringify(check)}`);
}
