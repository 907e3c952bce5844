import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findPostgresBin, startPostgres } from '../../../scripts/lib/postgres.mjs';
import { buildApp } from '#api/app.ts';
import { openDatabase, type Database } from '#api/db/client.ts';
import { installErrorHandler } from '#api/lib/error-handler.ts';
import { testConfig, testDatabaseUrl } from './test-app.ts';

/** Running out of connections (53300, 57P03, a full pool) is answered 503 with Retry-After, never 500 (docs/deploy.md#connection-budget). */

describe('errors that mean no connection is to be had', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => app?.close());

  it.each([
    ['53300 too_many_connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['57P03 cannot_connect_now', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    [
      'one wrapped by Drizzle',
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      }),
    ],
  ])('answers %s with 503 and Retry-After', async (_name, error) => {
    app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/fails', () => Promise.reject(error));
    const res = await app.inject({ url: '/fails' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// In npm test's PostgreSQL pass (a cluster of its own, with few connections).
describe.skipIf(!testDatabaseUrl || !findPostgresBin())('PostgreSQL out of connections', () => {
  let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const held: pg.Client[] = [];
  const release = async () => {
    await Promise.all(held.splice(0).map((client) => client.end().catch(() => undefined)));
  };
  afterAll(async () => {
    await release();
    await app?.close();
    await database?.close();
    cluster?.stop();
  });

  it(
    'answers 503 with Retry-After while every connection is taken, and serves again once they are free',
    {
      timeout: 120_000,
    },
    async () => {
      cluster = await startPostgres({ settings: { max_connections: '8', superuser_reserved_connections: '0' } });
      database = await openDatabase({ url: cluster.url, dataDir: ':memory:', poolSize: 4 });
      ({ app } = await buildApp({
        config: testConfig(),
        db: database.db,
        publicReads: database.publicReads,
        onePlanReads: database.onePlanReads,
        databaseKind: database.kind,
        logger: false,
      }));
      await app.ready();
      const shop = app;
      expect((await shop.inject({ url: '/api/parts' })).statusCode).toBe(200);

      // Another client (a backup, a stray script, too many processes) takes every slot left.
      for (;;) {
        const client = new pg.Client({ connectionString: cluster.url });
        try {
          await client.connect();
          held.push(client);
        } catch (error) {
          expect((error as { code?: string }).code).toBe('53300');
          break;
        }
      }
      expect(held.length).toBeGreaterThan(0);

      // Each request needs a connection the pools have not opened yet: the MCP search's pool
      // and more of the main pool's than the one left from the migrations.
      const answers = await Promise.all([
        shop.inject({ url: '/api/parts?q=gpu' }),
        ...Array.from({ length: 4 }, (_, i) =>
          shop.inject({
            method: 'POST',
            url: '/api/messages',
            payload: { name: 'Busy', email: `busy-${i}@example.com`, message: 'Are you there?' },
          }),
        ),
      ]);
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses[0], `the search: ${statuses.join(',')}`).toBe(503);
      expect(statuses, statuses.join(',')).not.toContain(500);
      for (const res of answers.filter((r) => r.statusCode === 503)) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }

      await release();
      const again = await Promise.all([
        shop.inject({ url: '/api/parts?q=gpu' }),
        shop.inject({
          method: 'POST',
          url: '/api/messages',
          payload: { name: 'Back', email: 'back@example.com', message: 'And now?' },
        }),
      ]);
      expect(again.map((res) => res.statusCode)).toEqual([200, 201]);
    },
  );
});
