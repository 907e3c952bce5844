import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@parts-shop/shared/part';
import { findPostgresBin, startPostgres, startReplica } from '../../../scripts/lib/postgres.mjs';
import { openDatabase, type Database } from '#api/db/client.ts';
import { parts, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testUid } from './firebase-accounts.ts';
import { testToken } from './test-app.ts';

/**
 * DATABASE_REPLICA_URL (docs/deploy.md#read-replicas) against a real streaming replica of a server of the test's
 * own, replaying APPLY_DELAY_MS behind (recovery_min_apply_delay), read while at most MAX_LAG_MS behind.
 */

const APPLY_DELAY_MS = 3000;
const MAX_LAG_MS = 1000;
const JWT_SECRET = 'read-replica-secret-0123456789abcdef012';

describe.skipIf(!findPostgresBin())('catalog reads on a streaming replica', () => {
  const stops: (() => Promise<void> | void)[] = [];
  let api: ApiProcess;
  let database: Database;
  let replicaUrl: string;
  let stopReplica: () => void;
  let admin: { authorization: string };
  let partId: string;

  beforeAll(async () => {
    const primary = await startPostgres();
    stops.push(primary.stop);
    const replica = await startReplica({ primaryUrl: primary.url, applyDelayMs: APPLY_DELAY_MS });
    stops.push(replica.stop);
    stopReplica = replica.stop;
    replicaUrl = replica.url;
    api = await startApiProcess({
      DATABASE_URL: primary.url,
      DATABASE_REPLICA_URL: replica.url,
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      // No read cache: every read below is the database's answer.
      PUBLIC_CACHE_MS: '0',
      // No worker heartbeat: each write would put the replica APPLY_DELAY_MS behind for a while.
      SHOP_ROLE: 'web',
      JWT_SECRET,
    });
    stops.push(() => stopApiProcess(api));
    database = await openDatabase({ url: primary.url, dataDir: ':memory:' });
    stops.push(() => database.close());
    const email = 'replica-admin@example.test';
    await database.db.insert(users).values({ email, uid: testUid(email), userName: 'replica-admin', role: 'admin' });
    admin = { authorization: `Bearer ${await testToken(createTokenService(JWT_SECRET, 3600), email)}` };
    partId = newId();
    await database.db.insert(parts).values({
      id: partId,
      name: 'Replicated Ryzen 5 7600',
      description: 'Read from a replica',
      img: 'https://example.com/part.png',
      minOrder: 1,
      available: 10,
      priceCents: 19_900,
    });
  }, 180_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  const listed = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.base}/parts?limit=50`, { headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as Part[]).find((part) => part._id === partId);
  };
  /** The part's price as the replica has it, straight from it. */
  const replicaPrice = async () => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ cents: number }>('select price_cents as cents from parts where id = $1', [
        partId,
      ]);
      return rows[0]?.cents;
    } catch {
      // Not replayed as far as the table yet.
      return undefined;
    } finally {
      await client.end();
    }
  };
  const timeUntil = async (check: () => Promise<boolean>, since: number) => {
    while (performance.now() - since < 4 * APPLY_DELAY_MS) {
      const sent = performance.now() - since;
      if (await check()) return sent;
      await new Promise((r) => setTimeout(r, 50));
    }
    return Infinity;
  };

  it('reads the catalog from the replica, its writer reads their own write, and a lagging replica is left', async () => {
    // The part reaches the catalog once the replica has replayed it.
    const inserted = performance.now();
    const listedAfter = await timeUntil(async () => (await listed()) !== undefined, inserted);
    expect(listedAfter).toBeLessThan(4 * APPLY_DELAY_MS);
    // Until the replica has replayed it too, and the process has seen so.
    expect(await timeUntil(async () => (await replicaPrice()) === 19_900, inserted)).toBeLessThan(Infinity);
    await new Promise((r) => setTimeout(r, 1000));

    const { version } = (await (await fetch(`${api.base}/parts/${partId}`, { headers: admin })).json()) as Part;
    const edit = await fetch(`${api.base}/parts/${partId}`, {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ version, price: 149 }),
    });
    expect(edit.status).toBe(200);
    const changed = performance.now();
    const cookie = (edit.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^shop_read_primary_until=\d+$/);

    // The owner, with the cookie the write set, reads the new price at once, from the primary.
    expect((await listed({ ...admin, cookie }))?.price).toBe(149);
    // A stranger reads the replica, which has not replayed the change yet.
    expect((await listed())?.price).toBe(199);
    const strangerAfter = await timeUntil(async () => (await listed())?.price === 149, changed);
    const replicaAfter = await timeUntil(async () => (await replicaPrice()) === 14_900, changed);
    console.log(
      `replica replayed the price change after ${Math.round(replicaAfter)} ms (recovery_min_apply_delay ${APPLY_DELAY_MS} ms); ` +
        `a stranger read it after ${Math.round(strangerAfter)} ms (REPLICA_MAX_LAG_MS ${MAX_LAG_MS} ms), listed ${Math.round(listedAfter)} ms after insert`,
    );
    // Timed from the write's answer, which leaves after its commit.
    expect(replicaAfter).toBeGreaterThanOrEqual(APPLY_DELAY_MS - 1000);
    // Past MAX_LAG_MS behind, the reads went to the primary, well before the replica caught up.
    // No lower bound: the lag is counted from the last check before the write, and on a loaded
    // machine that check may be late (577 ms seen against MAX_LAG_MS 1000); the stale read above
    // is what shows the stranger was on the replica.
    expect(strangerAfter).toBeLessThan(APPLY_DELAY_MS - 500);
  }, 60_000);

  it('reads the primary while the replica is down', async () => {
    stopReplica();
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < 5; i += 1) expect((await listed())?.price).toBe(149);
  }, 30_000);
});
