import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { createTestDatabase, testDatabaseUrl } from './test-app.ts';

/**
 * OpenTelemetry on a real process: with OTEL_EXPORTER_OTLP_ENDPOINT set a catalog read arrives as a server span
 * (with query spans on PostgreSQL); unset, the SDK is not loaded and nothing is sent.
 */

type Span = { name: string; kind: number; scope: string };
type Receiver = { url: string; spans: Span[]; posts: number; close: () => void };

type ExportBody = {
  resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: { name: string; kind: number }[] }[] }[];
};

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', spans: [], posts: 0, close: () => server.close() };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        receiver.posts += 1;
        const body = JSON.parse(Buffer.concat(chunks).toString()) as ExportBody;
        for (const resource of body.resourceSpans ?? []) {
          for (const scoped of resource.scopeSpans ?? []) {
            for (const span of scoped.spans ?? []) {
              receiver.spans.push({ name: span.name, kind: span.kind, scope: scoped.scope?.name ?? '' });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

const SERVER_KIND = 2;

describe('tracing', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function start(env: Record<string, string>): Promise<ApiProcess> {
    const database = testDatabaseUrl ? await createTestDatabase() : undefined;
    if (database) cleanups.push(() => database.close());
    const dataDir = database ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'ops-tracing-'));
    if (dataDir) cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server = await startApiProcess({
      ...(database?.url ? { DATABASE_URL: database.url } : { DATABASE_URL: '', DATA_DIR: dataDir }),
      JWT_SECRET: 'tracing-secret-0123456789abcdef0123456789',
      // The SDK's own setting: export within half a second instead of five.
      OTEL_BSP_SCHEDULE_DELAY: '500',
      ...env,
    });
    cleanups.push(() => stopApiProcess(server));
    return server;
  }

  it(
    'sends HTTP and database spans when the endpoint is set, and nothing when it is not',
    { timeout: 150_000 },
    async () => {
      const on = await startReceiver();
      const off = await startReceiver();
      cleanups.push(on.close, off.close);
      const [traced, untraced] = await Promise.all([
        start({ OTEL_EXPORTER_OTLP_ENDPOINT: on.url, OTEL_SERVICE_NAME: 'tracing-test' }),
        start({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${off.url}/v1/traces` }),
      ]);

      for (const server of [traced, untraced]) expect((await fetch(`${server.base}/parts?limit=3`)).status).toBe(200);

      const deadline = Date.now() + 15_000;
      const served = () => on.spans.some((s) => s.scope.includes('instrumentation-http') && s.kind === SERVER_KIND);
      const queried = () => !testDatabaseUrl || on.spans.some((s) => s.scope.includes('instrumentation-pg'));
      while (Date.now() < deadline && !(served() && queried())) await new Promise((r) => setTimeout(r, 200));

      expect(served(), JSON.stringify(on.spans)).toBe(true);
      expect(queried(), JSON.stringify(on.spans)).toBe(true);
      // The health checks the test helper polled are not traced.
      expect(on.spans.filter((s) => s.kind === SERVER_KIND).length).toBeLessThanOrEqual(1);
      expect(off.posts).toBe(0);
    },
  );
});
