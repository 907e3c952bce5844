import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { createTestDatabase, testDatabaseUrl } from './test-app.ts';

/**
 * SIGTERM under traffic: readiness turns 503 at once, every request sent before the signal is answered 200
 * (kept-alive connections too), and the process exits 0 within the grace period.
 */

const CONCURRENT = 60;
const DRAIN_MS = 1500;
const GRACE_MS = 8000;

type Outcome = { status: number } | { error: string };

async function read(server: ApiProcess, url = '/parts?limit=24'): Promise<Outcome> {
  try {
    const res = await fetch(`${server.base}${url}`, { signal: AbortSignal.timeout(GRACE_MS) });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (error) {
    return {
      error:
        error instanceof Error
          ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`
          : String(error),
    };
  }
}

describe('SIGTERM under load', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let dataDir: string | undefined;
  let server: ApiProcess | undefined;
  afterAll(async () => {
    if (server) await stopApiProcess(server);
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers every request sent before it, turns readiness 503 at once and exits 0 in time',
    { timeout: 120_000 },
    async () => {
      if (testDatabaseUrl) database = await createTestDatabase();
      else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-shutdown-'));
      server = await startApiProcess({
        ...(database?.url ? { DATABASE_URL: database.url } : { DATABASE_URL: '', DATA_DIR: dataDir }),
        JWT_SECRET: 'graceful-shutdown-secret-0123456789abcdef',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      });
      const running = server;
      // Kept-alive connections first: the ones a careless close resets under the next request.
      const warm = await Promise.all(Array.from({ length: CONCURRENT }, () => read(running)));
      expect(warm.every((o) => 'status' in o && o.status === 200)).toBe(true);
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        running.child.once('exit', (code) => resolve({ code, at: Date.now() })),
      );

      const inFlight = Array.from({ length: CONCURRENT }, () => read(running));
      const signalledAt = Date.now();
      running.child.kill('SIGTERM');
      const readiness = await read(running, '/ready');
      // Sent during the drain, as a load balancer does until its next health check.
      const duringDrain = await Promise.all(Array.from({ length: CONCURRENT }, () => read(running)));
      const before = await Promise.all(inFlight);
      const { code, at } = await exited;

      expect(readiness).toEqual({ status: 503 });
      expect(before.filter((o) => !('status' in o) || o.status !== 200)).toEqual([]);
      expect(duringDrain.filter((o) => !('status' in o) || o.status !== 200)).toEqual([]);
      expect(code).toBe(0);
      expect(at - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(at - signalledAt).toBeLessThan(GRACE_MS);
      expect(running.output.join('')).not.toMatch(/"level":50/);
    },
  );
});
