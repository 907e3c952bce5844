import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedisServer, startRedis } from '../../../scripts/lib/redis.mjs';
import { buildApp } from '#api/app.ts';
import { openDatabase, type Database } from '#api/db/client.ts';
import { rateLimitCounters } from '#api/db/schema.ts';
import { postgresCounters } from '#api/lib/rate-limit-store.ts';
import { createTestDatabase, testConfig, testDatabaseUrl } from './test-app.ts';

/** Rate limits are the shop's (docs/deploy.md#what-is-per-process): instances on one PostgreSQL or Redis share one count. */

const LIMIT = 5;

async function instance(database: Pick<Database, 'db' | 'kind'>, env: Record<string, string> = {}) {
  const config = testConfig({ RATE_LIMIT_WRITES_PER_MINUTE: String(LIMIT), ...env });
  const { app } = await buildApp({ config, db: database.db, databaseKind: database.kind, logger: false });
  await app.ready();
  return app;
}

/** Sends `count` writes from one client, spread over the instances in turn; answers the statuses. */
async function writes(apps: FastifyInstance[], count: number, remoteAddress: string): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const app = apps[i % apps.length] as FastifyInstance;
    answers.push((await app.inject({ method: 'POST', url: '/api/messages', payload: {}, remoteAddress })).statusCode);
  }
  return answers;
}

const through = (answers: number[]) => answers.filter((status) => status !== 429).length;

describe.skipIf(!testDatabaseUrl)('rate limits on PostgreSQL', () => {
  let database: Database & { url?: string };
  const others: Database[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(others.map((other) => other.close()));
    await database.close();
  });

  async function onItsOwnPool() {
    const other = await openDatabase({ url: String(database.url), dataDir: ':memory:', poolSize: 2 });
    others.push(other);
    const app = await instance(other);
    apps.push(app);
    return app;
  }

  it(
    'counts three instances against one total, and a restarted instance goes on from it',
    { timeout: 120_000 },
    async () => {
      const [a, b, c] = [await onItsOwnPool(), await onItsOwnPool(), await onItsOwnPool()];
      const answers = await writes([a, b, c], LIMIT * 3, '10.40.0.1');
      expect(through(answers), answers.join(',')).toBe(LIMIT);
      expect(answers.slice(LIMIT)).toEqual(Array<number>(LIMIT * 2).fill(429));

      // Every instance stops; one starts afresh on its own pool: the count is kept.
      await Promise.all(apps.splice(0).map((app) => app.close()));
      const restarted = await onItsOwnPool();
      expect(await writes([restarted], 1, '10.40.0.1')).toEqual([429]);
      expect(through(await writes([restarted], 1, '10.40.0.2'))).toBe(1);
    },
  );
});

describe('the PostgreSQL counters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('counts a key within its window, starts again in the next, and deletes ended windows', async () => {
    const counters = postgresCounters(database.db, 100);
    try {
      const first = await counters.incr('sweep-me', 300);
      expect(first.count).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(0);
      expect(first.ttlMs).toBeLessThanOrEqual(300);
      await new Promise((r) => setTimeout(r, first.ttlMs + 50));
      expect((await counters.incr('sweep-me', 300)).count).toBe(1);
      await new Promise((r) => setTimeout(r, 800));
      const [left] = await database.db
        .select({ rows: sql<number>`count(*)::int` })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = 'sweep-me'`);
      expect(left?.rows).toBe(0);
    } finally {
      await counters.close();
    }
  });
});

const redisServer = findRedisServer();
if (!redisServer && !process.env.CI) {
  console.warn(
    'shared-rate-limits.test.ts: skipping the Redis case, redis-server is not installed (apt install redis-server)',
  );
}

// CI installs redis-server (.ci/run), so there it never skips.
describe.skipIf(!redisServer && !process.env.CI)('rate limits on Redis (REDIS_URL)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let database: Database;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    database = await createTestDatabase({ poolSize: 2 });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
    await redis.stop();
  });

  // With REDIS_URL the database holds no count, whichever it is: the instances share it for speed.
  async function onRedis() {
    const app = await instance(database, { REDIS_URL: redis.url });
    apps.push(app);
    return app;
  }

  it(
    'counts two instances against one total, and a restarted instance goes on from it',
    { timeout: 120_000 },
    async () => {
      const [a, b] = [await onRedis(), await onRedis()];
      const answers = await writes([a, b], LIMIT * 2, '10.41.0.1');
      expect(through(answers), answers.join(',')).toBe(LIMIT);
      const over = await a.inject({ method: 'POST', url: '/api/messages', payload: {}, remoteAddress: '10.41.0.1' });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);

      await Promise.all(apps.splice(0).map((app) => app.close()));
      const restarted = await onRedis();
      expect(await writes([restarted], 1, '10.41.0.1')).toEqual([429]);
      expect(through(await writes([restarted], 1, '10.41.0.2'))).toBe(1);
    },
  );

  it('answers 503 with Retry-After, not 500, while Redis is unreachable', async () => {
    const app = await onRedis();
    await redis.stop();
    const res = await app.inject({ method: 'POST', url: '/api/messages', payload: {}, remoteAddress: '10.41.0.3' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
