// npm test: everything, on a fresh clone. Type check, lint, format, unit tests, API tests on
// PGlite and on a PostgreSQL server it starts itself, then the browser suite in the system's
// Chromium against the built shop. Every step runs; the run fails if any step fails, and a
// step that cannot run is a failure with its reason, never a silent skip.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';
import { checkFirstVisitBudget } from './lib/first-visit-budget.mjs';
import { ensureInstalled, run, runAsync } from './lib/install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Before anything slow: a machine without the browser learns it now, with the command to run.
try {
  ensureChromium(CHROMIUM);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
ensureInstalled(root);

const { freePort } = await import('./lib/free-port.mjs');
const { startPostgres } = await import('./lib/postgres.mjs');
const { startAuthEmulator } = await import('./lib/emulator.mjs');
const { buildShop, startShop } = await import('./lib/shop.mjs');
const { startMaildev } = await import('./lib/maildev.mjs');

/** @type {{ name: string, ok: boolean, seconds: number, note: string }[]} */
const results = [];
/** @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
const npx = (args, env = {}) => run('npx', args, { cwd: root, env: { ...process.env, ...env } });

/**
 * Runs one step and records its outcome; a throw is a failure with its reason.
 * @param {string} name
 * @param {() => boolean | Promise<boolean>} fn
 */
async function step(name, fn) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let ok = false;
  let note = '';
  try {
    ok = (await fn()) !== false;
  } catch (error) {
    note = error instanceof Error ? error.message : String(error);
    console.error(`!!! ${name}: ${note}`);
  }
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000), note });
}

/** @type {(() => unknown)[]} */
const cleanups = [];

/**
 * Runs vitest on some projects. When tests fail, their names become the step's note, so the
 * summary (the end of a long CI log, often all that is kept) says which ones.
 * @param {string[]} projects
 * @param {NodeJS.ProcessEnv} [env]
 * @param {string[]} [extraArgs]
 */
function vitest(projects, env = {}, extraArgs = []) {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-vitest-')), 'report.json');
  cleanups.push(() => fs.rmSync(path.dirname(report), { recursive: true, force: true }));
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (npx(['vitest', 'run', ...projectArgs, ...reporters, ...extraArgs], env)) return true;
  if (!fs.existsSync(report)) return false;
  /** @type {{ testResults: { name: string, status: string, assertionResults: { fullName: string, status: string, failureMessages: string[] }[] }[] }} */
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  const failed = testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    const where = path.relative(root, file.name);
    // A file that failed outside its tests (an import, a hook) is named on its own.
    if (tests.length === 0) return file.status === 'failed' ? [where] : [];
    return tests.map((test) => {
      const why = (test.failureMessages[0] ?? '').split('\n', 1)[0]?.slice(0, 300);
      return `${where} > ${test.fullName}${why ? ` (${why})` : ''}`;
    });
  });
  throw new Error(`failed:\n  ${failed.join('\n  ')}`);
}

/**
 * API test files whose outcome cannot depend on which database runs: they open none, or
 * test what no query decides (the API description, the start-up checks of a process on its
 * own PGlite). They run in the PGlite pass only; every other API file runs in both passes.
 */
const DATABASE_FREE_API_TESTS = [
  'apps/api/src/config/env.test.ts',
  'apps/api/src/db/demo-builds.test.ts',
  'apps/api/src/db/part-drawings.test.ts',
  'apps/api/src/lib/public-cache.test.ts',
  'apps/api/test/openapi.test.ts',
  'apps/api/test/startup.test.ts',
];

/** The PostgreSQL pass's arguments leaving those files out; a name that no longer exists is an error, not a no-op. */
function withoutDatabaseFreeApiTests() {
  const missing = DATABASE_FREE_API_TESTS.filter((file) => !fs.existsSync(path.join(root, file)));
  if (missing.length > 0)
    throw new Error(`DATABASE_FREE_API_TESTS names files that do not exist: ${missing.join(', ')}`);
  // vitest matches a project's exclusions against paths from the project's root.
  return DATABASE_FREE_API_TESTS.flatMap((file) => ['--exclude', path.relative('apps/api', file)]);
}

process.on('SIGINT', () => process.exit(130));

try {
  await step(
    'type check',
    () =>
      npx(['tsc', '-p', 'packages/shared']) &&
      npx(['tsc', '-p', 'apps/api']) &&
      npx(['tsc', '-p', 'apps/web']) &&
      npx(['tsc', '-p', '.']),
  );
  await step('lint', () => npx(['eslint', '.', '--max-warnings', '0']));
  await step('module boundaries (dependency-cruiser)', () =>
    npx(['depcruise', 'apps', 'packages', 'scripts', 'e2e', '--config', '.dependency-cruiser.cjs']),
  );
  await step('unused files, exports and dependencies (knip)', () => npx(['knip', '--no-progress']));
  await step('repository checks (references, links, layout, file names)', () =>
    run('node', ['scripts/check-repository.mjs'], { cwd: root }),
  );
  await step('format', () => npx(['prettier', '--check', '.', '--log-level', 'warn']));
  await step('unit tests (shared, web, scripts)', () => vitest(['shared', 'web', 'scripts']));
  // Built once, here: the budget reads the build, and the browser suite runs on it.
  let built = false;
  await step('build', () => {
    buildShop(root);
    built = true;
    return true;
  });
  await step('first-visit JavaScript budget', () => {
    if (!built) throw new Error('no build to measure');
    checkFirstVisitBudget(path.join(root, 'apps/web/dist'));
    return true;
  });

  // One auth emulator serves the API tests and the browser suite.
  let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    const emulator = await startAuthEmulator({ port: await freePort() });
    cleanups.push(() => emulator.stop());
    emulatorHost = emulator.host;
  }
  const apiEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };

  await step('API tests on PGlite', () => vitest(['api'], { ...apiEnv, TEST_DATABASE_URL: '' }));

  await step('API tests on PostgreSQL', async () => {
    let url = process.env.TEST_DATABASE_URL;
    if (!url) {
      const pg = await startPostgres({ log: console.log });
      cleanups.push(() => pg.stop());
      url = pg.url;
    }
    return vitest(['api'], { ...apiEnv, TEST_DATABASE_URL: url }, withoutDatabaseFreeApiTests());
  });

  await step('browser tests (Playwright, system Chromium)', async () => {
    if (!built) throw new Error('the shop did not build');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-e2e-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The order emails land in a catcher of the run's own; the tests read its REST API.
    const mailbox = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
    cleanups.push(() => mailbox.stop());
    const shop = await startShop(root, {
      port: await freePort(),
      env: {
        ...apiEnv,
        DATA_DIR: dataDir,
        SMTP_URL: mailbox.smtpUrl,
        MAIL_POLL_MS: '200',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_WRITES_PER_MINUTE: '1000',
      },
    });
    cleanups.push(() => shop.stop());
    // Not npx(): the mail catcher runs in this process and must keep answering while the browser suite runs.
    return runAsync('npx', ['playwright', 'test'], {
      cwd: root,
      env: {
        ...process.env,
        ...apiEnv,
        E2E_BASE_URL: shop.url,
        E2E_MAILDEV_URL: mailbox.webUrl,
        CHROMIUM_PATH: CHROMIUM,
      },
    });
  });
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

console.log('\n=== Summary ===');
for (const r of results)
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)${r.note ? ` — ${r.note}` : ''}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
