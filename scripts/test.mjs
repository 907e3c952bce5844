// npm test: everything, on a fresh clone. Type check, lint, format, unit tests, the API tests
// (all of them on a PostgreSQL server it starts itself, the engine's own cases on PGlite too:
// scripts/lib/api-test-databases.mjs), then the browser suite in the system's Chromium against
// the built shop. Every step runs; the run fails if any step fails, and a step that cannot run
// is a failure with its reason, never a silent skip. The checks run in two lanes, one per core;
// the test steps use every core themselves (docs/decisions/0040-one-full-api-pass.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { BOTH_DATABASES, apiTestDatabaseProblems } from './lib/api-test-databases.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { checkFirstVisitBudget } from './lib/first-visit-budget.mjs';
import { ensureInstalled, runAsync } from './lib/install.mjs';

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
const { DEFAULT_PROJECT_ID, startAuthEmulator } = await import('./lib/emulator.mjs');
const { BUILD_STEPS, startShop } = await import('./lib/shop.mjs');
const { startMaildev } = await import('./lib/maildev.mjs');

/** @typedef {{ file: string, seconds: number }} FileTime */
/** @type {{ name: string, ok: boolean, seconds: number, note: string, slowest: FileTime[], flaky: string[] }[]} */
const results = [];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-reports-'));
/** @type {(() => unknown)[]} */
const cleanups = [() => fs.rmSync(reports, { recursive: true, force: true })];

/**
 * What a step runs its commands with: `sh(command, args, env, cwd)` answers whether it exited 0,
 * `slowest` receives the step's slowest files for the summary, and `flaky` the tests that passed
 * only on their retry.
 * @typedef {{ sh: (command: string, args: string[], env?: NodeJS.ProcessEnv, cwd?: string) => Promise<boolean>, slowest: FileTime[], flaky: string[] }} StepContext
 */

/**
 * Runs one step and records its outcome; a throw is a failure with its reason. A step that runs
 * beside another (`alongside`) keeps its output and prints it whole when it ends.
 * @param {string} name
 * @param {(step: StepContext) => boolean | Promise<boolean>} fn
 * @param {{ alongside?: boolean }} [options]
 */
async function step(name, fn, { alongside = false } = {}) {
  if (!alongside) console.log(`\n=== ${name} ===`);
  /** @type {string[] | undefined} */
  const output = alongside ? [] : undefined;
  /** @type {StepContext} */
  const context = {
    sh: (command, args, env = {}, cwd = root) =>
      runAsync(command, args, { cwd, env: { ...process.env, ...env } }, output),
    slowest: [],
    flaky: [],
  };
  const started = Date.now();
  let ok = false;
  let note = '';
  try {
    ok = (await fn(context)) !== false;
  } catch (error) {
    note = error instanceof Error ? error.message : String(error);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (output) console.log(`\n=== ${name} (${seconds}s) ===\n${output.join('').trimEnd()}`);
  if (note) console.error(`!!! ${name}: ${note}`);
  results.push({ name, ok, seconds, note, slowest: context.slowest, flaky: context.flaky });
}

/** Steps one after another, in one lane. @param {[string, (step: StepContext) => boolean | Promise<boolean>][]} steps */
async function lane(steps) {
  for (const [name, fn] of steps) await step(name, fn, { alongside: true });
}

/** The `count` slowest of some per-file times, slowest first. @param {FileTime[]} times @param {number} [count] */
function slowestOf(times, count = 5) {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/**
 * Runs vitest on some projects. When tests fail, their names become the step's note, so the
 * summary (the end of a long CI log, often all that is kept) says which ones.
 * @param {StepContext} context
 * @param {string[]} projects
 * @param {{ env?: NodeJS.ProcessEnv, files?: string[] }} [options]
 */
async function vitest(context, projects, { env = {}, files = [] } = {}) {
  const report = path.join(reports, `vitest-${results.length}-${projects.join('-')}-${Date.now()}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const ok = await context.sh('npx', ['vitest', 'run', ...projectArgs, ...reporters, ...files], env);
  if (!fs.existsSync(report)) return ok;
  /** @type {{ testResults: { name: string, status: string, startTime: number, endTime: number, assertionResults: { fullName: string, status: string, failureMessages: string[] }[] }[] }} */
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  context.slowest.push(
    ...slowestOf(
      testResults.map((file) => ({
        file: path.relative(root, file.name),
        seconds: (file.endTime - file.startTime) / 1000,
      })),
    ),
  );
  if (ok) return true;
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
 * What a Playwright JSON report says for the summary: each spec file's time (its tests at every
 * width, added up), and the tests that failed or passed only on their retry, with the first line
 * of their first error.
 * @param {string} report
 * @returns {{ times: FileTime[], failed: string[], flaky: string[] }}
 */
function playwrightReport(report) {
  if (!fs.existsSync(report)) return { times: [], failed: [], flaky: [] };
  /** @typedef {{ projectName: string, status: string, results: { duration: number, errors?: { message?: string }[] }[] }} SpecTest */
  /** @typedef {{ file: string, suites?: Suite[], specs?: { title: string, line: number, tests: SpecTest[] }[] }} Suite */
  /** @type {{ suites: Suite[] }} */
  const { suites } = JSON.parse(fs.readFileSync(report, 'utf8'));
  /** @type {Map<string, number>} */
  const byFile = new Map();
  /** @type {string[]} */
  const failed = [];
  /** @type {string[]} */
  const flaky = [];
  /** @param {Suite} suite */
  const add = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        for (const result of test.results)
          byFile.set(suite.file, (byFile.get(suite.file) ?? 0) + result.duration / 1000);
        const name = `[${test.projectName}] e2e/${suite.file}:${spec.line} > ${spec.title}`;
        // Colour codes and the source excerpt after the first line say nothing in a summary.
        const message = test.results.flatMap((r) => r.errors ?? [])[0]?.message ?? '';
        const why = stripVTControlCharacters(message).split('\n', 1)[0]?.slice(0, 300);
        if (test.status === 'unexpected') failed.push(`${name}${why ? ` (${why})` : ''}`);
        if (test.status === 'flaky') flaky.push(`${name}${why ? ` (first try: ${why})` : ''}`);
      }
    for (const child of suite.suites ?? []) add(child);
  };
  suites.forEach(add);
  const times = [...byFile].map(([file, seconds]) => ({ file: `e2e/${file}`, seconds }));
  return { times, failed, flaky };
}

process.on('SIGINT', () => process.exit(130));

try {
  // Built once, here: the budget reads the build, and the browser suite runs on it.
  let built = false;
  // Two lanes of about equal length, one per core; each of these commands keeps one core busy.
  await Promise.all([
    lane([
      [
        'type check',
        async ({ sh }) =>
          (await sh('npx', ['tsc', '-p', 'packages/shared'])) &&
          (await sh('npx', ['tsc', '-p', 'apps/api'])) &&
          (await sh('npx', ['tsc', '-p', 'apps/web'])) &&
          (await sh('npx', ['tsc', '-p', '.'])),
      ],
      [
        'module boundaries (dependency-cruiser)',
        ({ sh }) =>
          sh('npx', ['depcruise', 'apps', 'packages', 'scripts', 'e2e', '--config', '.dependency-cruiser.cjs']),
      ],
      ['unused files, exports and dependencies (knip)', ({ sh }) => sh('npx', ['knip', '--no-progress'])],
      ['format', ({ sh }) => sh('npx', ['prettier', '--check', '.', '--log-level', 'warn'])],
      [
        'build',
        async ({ sh }) => {
          for (const [command, args, dir] of BUILD_STEPS)
            if (!(await sh(command, args, {}, path.join(root, dir)))) return false;
          built = true;
          return true;
        },
      ],
    ]),
    lane([
      ['lint', ({ sh }) => sh('npx', ['eslint', '.', '--max-warnings', '0'])],
      [
        'repository checks (references, links, layout, file names, API test databases)',
        ({ sh }) => sh('node', ['scripts/check-repository.mjs']),
      ],
    ]),
  ]);
  await step('first-visit JavaScript budget', () => {
    if (!built) throw new Error('no build to measure');
    checkFirstVisitBudget(path.join(root, 'apps/web/dist'));
    return true;
  });
  await step('unit tests (shared, web, scripts)', (context) => vitest(context, ['shared', 'web', 'scripts']));

  // One auth emulator serves the API tests and the browser suite.
  let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const ownEmulator = !emulatorHost;
  if (!emulatorHost) {
    const emulator = await startAuthEmulator({ port: await freePort() });
    cleanups.push(() => emulator.stop());
    emulatorHost = emulator.host;
  }
  const apiEnv = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  const apiProjects = ['api', 'api-isolated'];

  await step('API tests on PostgreSQL (all)', async (context) => {
    let url = process.env.TEST_DATABASE_URL;
    if (!url) {
      const pg = await startPostgres({ log: console.log });
      cleanups.push(() => pg.stop());
      url = pg.url;
    }
    return vitest(context, apiProjects, { env: { ...apiEnv, TEST_DATABASE_URL: url } });
  });

  await step('API tests on PGlite (the engine-decided files)', (context) => {
    // A name that no longer exists is an error, not a file quietly left out.
    const problems = apiTestDatabaseProblems(root);
    if (problems.length > 0) throw new Error(problems.join('\n'));
    return vitest(context, apiProjects, {
      env: { ...apiEnv, TEST_DATABASE_URL: '' },
      files: Object.keys(BOTH_DATABASES),
    });
  });

  await step('browser tests (Playwright, system Chromium)', async (context) => {
    if (!built) throw new Error('the shop did not build');
    // The API tests made accounts under the demo addresses (without their passwords): the
    // browser suite starts from an empty emulator and makes the demo sign-ins itself.
    if (ownEmulator) {
      const accounts = `http://${emulatorHost}/emulator/v1/projects/${DEFAULT_PROJECT_ID}/accounts`;
      const cleared = await fetch(accounts, { method: 'DELETE' });
      if (!cleared.ok) throw new Error(`could not clear the auth emulator's accounts: ${cleared.status}`);
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-e2e-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The shop runs on a PostgreSQL server of its own, as in production: on embedded PGlite the one
    // shop process was the suite's bottleneck (docs/performance.md#the-test-suites-running-time-npm-test).
    const database = await startPostgres();
    cleanups.push(() => database.stop());
    // The order emails land in a catcher of the run's own; the tests read its REST API.
    const mailbox = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
    cleanups.push(() => mailbox.stop());
    const shop = await startShop(root, {
      port: await freePort(),
      env: {
        ...apiEnv,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SMTP_URL: mailbox.smtpUrl,
        MAIL_POLL_MS: '200',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_WRITES_PER_MINUTE: '1000',
      },
    });
    cleanups.push(() => shop.stop());
    const report = path.join(reports, 'playwright.json');
    // Asynchronous: the mail catcher runs in this process and must keep answering.
    const ok = await context.sh('npx', ['playwright', 'test', '--reporter=list,json'], {
      ...apiEnv,
      E2E_BASE_URL: shop.url,
      E2E_MAILDEV_URL: mailbox.webUrl,
      CHROMIUM_PATH: CHROMIUM,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    const { times, failed, flaky } = playwrightReport(report);
    context.slowest.push(...slowestOf(times));
    context.flaky.push(...flaky);
    // Named in the summary, the end of a long CI log that is often all that is kept.
    if (failed.length > 0) throw new Error(`failed:\n  ${failed.join('\n  ')}`);
    return ok;
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
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)${r.note ? ` — ${r.note}` : ''}`);
  for (const { file, seconds } of r.slowest) console.log(`        ${seconds.toFixed(1).padStart(6)}s  ${file}`);
  for (const test of r.flaky) console.log(`        flaky: ${test}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
