import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { openDatabase, type Database } from '#api/db/client.ts';
import { seedDataDir } from './database-template.ts';
import { createTestDatabase, testDatabaseUrl } from './test-app.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A real API process, for the tests that need several of them or need to kill one. */
export type ApiProcess = { child: ChildProcess; base: string; output: string[] };

/**
 * Starts the API from source (`node --import tsx`, one process, so a SIGKILL reaches it) on a free port and
 * waits until healthy. A DATA_DIR with no PGlite yet starts as a copy of the run's migrated one.
 */
export async function startApiProcess(env: Record<string, string | undefined>): Promise<ApiProcess> {
  if (env.DATA_DIR && !env.DATABASE_URL) seedDataDir(env.DATA_DIR);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PAYMENT_GATEWAY: 'local',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      MAX_UNPAID_UNITS_PER_PART: '1000000',
      MAX_UNPAID_CENTS: '100000000000',
      MAIL_PER_RECIPIENT_PER_DAY: '1000000',
      // The test run's emulator: the API asks it about the Firebase account behind each token.
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:1',
      // No load balancer waits on these; operations.test.ts sets its own drain.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const server = { child, base: `http://127.0.0.1:${port}/api`, output };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited early:\n${output.join('')}`);
    try {
      if ((await fetch(`${server.base}/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`API process did not become healthy:\n${output.join('')}`);
}

/** Starts the API with exactly `env` (and PATH) and answers its exit code and output; killed after `timeoutMs` (`code: null`). */
export async function runApiUntilExit(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: output.join('') };
}

export async function stopApiProcess({ child }: ApiProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A database for processes a test starts and kills: a new one on the test server, else a PGlite `dataDir`. */
export async function databaseForProcesses(
  prefix: string,
): Promise<{ database: Database; env: Record<string, string>; dataDir?: string }> {
  if (testDatabaseUrl) {
    const database = await createTestDatabase();
    return { database, env: { DATABASE_URL: String(database.url) } };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  seedDataDir(dataDir);
  return { database: await openDatabase({ dataDir }), env: { DATABASE_URL: '', DATA_DIR: dataDir }, dataDir };
}
