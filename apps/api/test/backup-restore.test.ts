import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { orders, parts, payments, users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { testUid } from './firebase-accounts.ts';
import { GOOD_CARD } from './shop-fixtures.ts';
import { createTestDatabase, testConfig, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * npm run backup and npm run restore, as an owner runs them (the scripts, in their own
 * processes): orders are placed and paid, a backup is taken, the data is wiped, and the
 * restore brings back every part, order and payment as it was. PostgreSQL in npm test's
 * PostgreSQL pass, PGlite files otherwise.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

async function npmScript(script: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', `${script}.mjs`), file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
  });
  return stdout;
}

/** Places `count` orders through the API and pays every other one, then closes the app. */
async function placeAndPay(database: Database, count: number): Promise<void> {
  const { app, deps } = await buildApp({ config: testConfig(), db: database.db, logger: false });
  await app.ready();
  try {
    const email = 'backup-buyer@example.test';
    await database.db.insert(users).values({ email, uid: testUid(email), userName: 'backup-buyer' });
    const headers = { authorization: `Bearer ${await testToken(deps.tokens, email)}` };
    const partId = newId();
    await database.db.insert(parts).values({
      id: partId,
      name: 'Backed-up part',
      description: 'Kept by the backup',
      img: 'https://example.com/part.png',
      minOrder: 1,
      available: 100,
      priceCents: 4_250,
    });
    for (let i = 0; i < count; i += 1) {
      const payload = { partId, totalOrder: 1 + i, phoneNumber: '0123456789', address: '1 Backup Lane' };
      const placed = await app.inject({ method: 'POST', url: '/api/orders', headers, payload });
      expect(placed.statusCode).toBe(201);
      if (i % 2 === 1) continue;
      const orderId = placed.json<{ insertedId: string }>().insertedId;
      const intent = await app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers,
        payload: { orderId },
      });
      const { clientSecret, paymentIntentId } = intent.json<{ clientSecret: string; paymentIntentId: string }>();
      const card = { clientSecret, card: GOOD_CARD };
      expect((await app.inject({ method: 'POST', url: '/api/payments/local/confirm', payload: card })).statusCode).toBe(
        200,
      );
      const patch = { transactionId: paymentIntentId };
      expect(
        (await app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers, payload: patch })).statusCode,
      ).toBe(200);
    }
  } finally {
    await app.close();
  }
}

async function snapshot(database: Database) {
  return {
    parts: await database.db.select().from(parts).orderBy(asc(parts.id)),
    orders: await database.db.select().from(orders).orderBy(asc(orders.id)),
    payments: await database.db.select().from(payments).orderBy(asc(payments.id)),
  };
}

describe('npm run backup, then npm run restore', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.runIf(testDatabaseUrl)(
    'brings back every part, order and payment on PostgreSQL',
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase();
      const url = database.url ?? '';
      try {
        await placeAndPay(database, 6);
        const before = await snapshot(database);
        expect(before.orders).toHaveLength(6);
        expect(before.payments.filter((p) => p.status === 'succeeded')).toHaveLength(3);

        const file = path.join(dir, 'shop.pgdump');
        await npmScript('backup', file, { DATABASE_URL: url });
        await database.db.execute(sql`drop schema public cascade`);
        await database.db.execute(sql`drop schema drizzle cascade`);
        await database.db.execute(sql`create schema public`);
        await npmScript('restore', file, { DATABASE_URL: url });

        expect(await snapshot(database)).toEqual(before);
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(testDatabaseUrl)('brings back every part, order and payment on PGlite', { timeout: 120_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    let database = await openDatabase({ dataDir });
    await placeAndPay(database, 6);
    const before = await snapshot(database);
    await database.close();
    expect(before.orders).toHaveLength(6);
    expect(before.payments.filter((p) => p.status === 'succeeded')).toHaveLength(3);

    const file = path.join(dir, 'shop.tar.gz');
    await npmScript('backup', file, { DATA_DIR: dataDir });
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true });
    await npmScript('restore', file, { DATA_DIR: dataDir });

    database = await openDatabase({ dataDir });
    try {
      expect(await snapshot(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
