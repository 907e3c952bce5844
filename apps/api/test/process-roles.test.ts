import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#api/db/schema.ts';
import { queueEmail } from '#api/domain/emails/outbox.repo.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { startSlowSmtpServer, type SlowSmtpServer } from './slow-smtp-server.ts';
import { createTestDatabase, testDatabaseUrl } from './test-app.ts';

/**
 * SHOP_ROLE (docs/deploy.md#roles): a web process runs no background loop and work waits in its table; two worker
 * processes send each email once and answer nothing but health, readiness and metrics. PostgreSQL only.
 */

const METRICS_TOKEN = 'roles-metrics-token-0123456789';
const ENV = {
  JWT_SECRET: 'process-roles-secret-0123456789abcdef',
  METRICS_TOKEN,
  MAIL_POLL_MS: '50',
  MAIL_LEASE_MS: '2000',
  MAIL_RETRY_BASE_MS: '100',
};
const EMAILS = 30;

type Readiness = { ready: boolean; workers: number };

async function readiness(server: ApiProcess): Promise<Readiness> {
  const res = await fetch(`${server.base}/ready`);
  expect(res.status).toBe(200);
  return (await res.json()) as Readiness;
}

async function workersGauge(server: ApiProcess): Promise<number | undefined> {
  const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('shop_workers '));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!testDatabaseUrl)('web and worker processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let smtp: SlowSmtpServer;
  let web: ApiProcess;
  const workers: ApiProcess[] = [];
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    stops.push(() => database.close());
    smtp = await startSlowSmtpServer(0);
    stops.push(() => smtp.stop());
    web = await startApiProcess({ ...ENV, SHOP_ROLE: 'web', SMTP_URL: smtp.url, DATABASE_URL: String(database.url) });
    stops.push(() => stopApiProcess(web));
  }, 120_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  const unsent = async () => (await database.db.select().from(emailOutbox).where(isNull(emailOutbox.sentAt))).length;

  it('a web process alone stays ready with 0 workers and leaves the emails waiting in the outbox', async () => {
    for (let i = 0; i < EMAILS; i += 1) {
      await queueEmail(database.db, `roles-${i}@example.test`, {
        kind: 'message-reply',
        messageId: `roles-${i}`,
        sentAt: new Date().toISOString(),
        reply: 'Thanks for asking.',
      });
    }
    expect(await readiness(web)).toEqual({ ready: true, workers: 0 });
    expect(await workersGauge(web)).toBe(0);
    // Many mail poll intervals: a web process with SMTP_URL set still sends nothing.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.delivered).toEqual([]);
    expect(await unsent()).toBe(EMAILS);
    // It serves the shop itself.
    expect((await fetch(`${web.base}/parts`)).status).toBe(200);
  }, 30_000);

  it('two workers come: every process counts them, and each email is sent exactly once', async () => {
    const started = await Promise.all(
      [1, 2].map(() =>
        startApiProcess({ ...ENV, SHOP_ROLE: 'worker', SMTP_URL: smtp.url, DATABASE_URL: String(database.url) }),
      ),
    );
    workers.push(...started);
    for (const worker of started) stops.push(() => stopApiProcess(worker));

    for (const server of [web, ...workers]) {
      expect(await readiness(server)).toEqual({ ready: true, workers: 2 });
      expect(await workersGauge(server)).toBe(2);
    }
    await until(async () => (await unsent()) === 0, 30_000);
    const rows = await database.db.select({ messageId: emailOutbox.messageId }).from(emailOutbox);
    expect(smtp.delivered.toSorted()).toEqual(rows.map((row) => row.messageId).toSorted());
  }, 120_000);

  it('a worker answers 404 on every path but health, readiness and metrics', async () => {
    const [worker] = workers;
    if (!worker) throw new Error('no worker');
    const origin = new URL(worker.base).origin;
    expect((await fetch(`${worker.base}/health`)).status).toBe(200);
    for (const path of ['/api/parts', '/api/parts/facets', '/api/orders', '/', '/parts', '/sitemap.xml', '/llms.txt']) {
      const res = await fetch(`${origin}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
    }
    const post = await fetch(`${worker.base}/orders`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
  });

  it('a worker that stops is no longer counted, at once', async () => {
    const leaving = workers.pop();
    if (!leaving) throw new Error('no worker');
    await stopApiProcess(leaving);
    expect(await readiness(web)).toEqual({ ready: true, workers: 1 });
  }, 30_000);
});
