import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, testDatabaseUrl } from './test-app.ts';

/** Catalog reads run under a time limit and a share of the pool, so anyone's reads cannot hold the database. PostgreSQL only. */
describe.runIf(testDatabaseUrl)('public reads cannot hold the database', () => {
  let locker: pg.Client;
  const t = useTestApp({ config: { DATABASE_POOL_SIZE: '8', PUBLIC_READ_TIMEOUT_MS: '1500' } });
  beforeAll(async () => {
    locker = new pg.Client({ connectionString: (t.database as { url?: string }).url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
  });

  it('leave the rest of the pool to everyone else, and answer 503 once over their time', async () => {
    // Every read of the catalog now waits, as a costly search would run.
    await locker.query('begin');
    await locker.query('lock table parts in access exclusive mode');
    const searches = Array.from({ length: 12 }, (_, i) => t.app.inject({ url: `/api/parts?q=slow${i}` }));
    try {
      // A customer's write still finds a connection at once.
      const started = Date.now();
      const message = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        payload: { name: 'A', email: 'a@example.com', message: 'Still open?' },
      });
      expect(message.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      // The searches give up instead of waiting for the lock.
      const answers = await Promise.all(searches);
      expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(12).fill(503));
      expect(answers[0]?.json()).toEqual({ message: 'The shop is busy right now. Please try again in a moment.' });
    } finally {
      await locker.query('rollback');
    }
    expect((await t.app.inject({ url: '/api/parts?q=slow' })).statusCode).toBe(200);
  }, 60_000);
});
