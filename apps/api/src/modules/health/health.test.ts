import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPart, payOrder, placeOrder } from '#api-test/shop-fixtures.ts';
import { productionEnv } from '#api-test/production-env.ts';
import { useTestApp, createTestApp, type TestApp } from '#api-test/test-app.ts';

/** One sample's value from a Prometheus text exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

const METRICS_TOKEN = 'metrics-token-0123456789';
const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

// One app for every check (an app costs seconds on a busy machine); the checks that break it
// (a closed database, a shutdown) come last.
describe('health, readiness and metrics', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
    admin = await t.signIn('ready-admin@example.test', 'admin');
  });
  afterAll(async () => t.app.close());

  /** What an admin reads (GET /api/admin/ready), after checking the public answer says only ready or not. */
  const ready = async () => {
    const res = await t.app.inject({ url: '/api/admin/ready', headers: admin });
    const body = res.json<{ ready: boolean; failing: string[]; checks: Checks; workers: number }>();
    const open = await t.app.inject({ url: '/api/ready' });
    expect([open.statusCode, open.json()]).toEqual([res.statusCode, { ready: body.ready, workers: body.workers }]);
    return { status: res.statusCode, body };
  };
  type Checks = Record<'database' | 'migrations' | 'outbox', { ok: boolean; error?: string }>;

  const scrape = async () => {
    const res = await t.app.inject({ url: '/api/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('GET /api/health answers 200 while the process runs', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('GET /api/ready answers 200 with the database, migrations and outbox checks when it can serve', async () => {
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body.ready).toBe(true);
    expect(body.failing).toEqual([]);
    expect(body.checks).toMatchObject({
      database: { ok: true },
      migrations: { ok: true },
      outbox: { ok: true, pending: 0, failing: 0, worker: 'off' },
    });
    // This process has the default role, all: it runs the background work and counts itself.
    expect(body.workers).toBe(1);
    expect(sample(await scrape(), 'shop_workers')).toBe(1);
  });

  it('counts requests by route and status, orders placed, payments, the outbox and the process', async () => {
    const before = await scrape();
    const auth = await t.signIn('metrics-buyer@example.test');
    const partId = await addPart(t, { available: 5 });
    const order = await placeOrder(t, auth, partId);
    await payOrder(t, auth, order._id);
    await t.app.inject({ url: `/api/parts/${partId}` });
    const after = await scrape();

    const delta = (name: string, labels = '') =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('shop_orders_placed_total')).toBe(1);
    expect(delta('shop_payments_total', '{outcome="paid"}')).toBe(1);
    expect(
      delta('http_request_duration_seconds_count', '{method="GET",route="/api/parts/:id",status_code="200"}'),
    ).toBe(1);
    expect(delta('http_request_duration_seconds_count', '{method="POST",route="/api/orders",status_code="201"}')).toBe(
      1,
    );
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/parts\/:id"/m);
    // The order's and the payment's emails wait in the outbox (no SMTP_URL here).
    expect(sample(after, 'shop_outbox_emails', '{state="pending"}')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    for (const counter of ['shop_refunds_total', 'shop_outbox_send_failures_total']) {
      expect(after).toContain(`# TYPE ${counter} counter`);
    }
  });

  it('GET /api/metrics needs METRICS_TOKEN as a bearer token when it is set', async () => {
    expect((await t.app.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = { authorization: 'Bearer metrics-token-9876543210' };
    expect((await t.app.inject({ url: '/api/metrics', headers: wrong })).statusCode).toBe(401);
  });

  it('answers 503 naming "migrations" when the database is behind the code', async () => {
    const newest = sql`(select max(id) from drizzle.__drizzle_migrations)`;
    const [row] = (
      (await t.database.db.execute(sql`select * from drizzle.__drizzle_migrations where id = ${newest}`)) as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    if (!row) throw new Error('no migration row');
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    const { status, body } = await ready();
    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
    );
    expect(status).toBe(503);
    expect(body.failing).toEqual(['migrations']);
    expect(body.checks.migrations.error).toMatch(/^\d+ of \d+ migrations applied$/);
    expect((await ready()).status).toBe(200);
  });

  it('answers 503 naming "shutdown" once stopping, and every answer then closes its connection', async () => {
    t.deps.lifecycle.beginShutdown();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failing).toEqual(['shutdown']);
    const parts = await t.app.inject({ url: '/api/parts' });
    expect(parts.statusCode).toBe(200);
    expect(parts.headers.connection).toBe('close');
  });

  it('answers 503 {ready: false} when the database does not answer, without its error, while health stays 200', async () => {
    await t.database.close();
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, workers: 0 });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('metrics in production', () => {
  const production = useTestApp({ config: productionEnv() });

  it('are refused without METRICS_TOKEN', async () => {
    const res = await production.app.inject({ url: '/api/metrics' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Metrics are off: set METRICS_TOKEN and send it as a bearer token' });
  });
});
