import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#api/app.ts';
import { openDatabase, type Database } from '#api/db/client.ts';
import { orders, parts, payments, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { testUid } from './firebase-accounts.ts';
import { GOOD_CARD } from './shop-fixtures.ts';
import { createTestDatabase, testConfig, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * npm run backup and restore, as an owner runs them: everything placed before the backup comes back after a wipe.
 * The backup is private (0600 in a 0700 folder, outside the repository; the password never on a command line).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

async function npmScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts', `${script}.mjs`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
  });
  return stdout;
}

function writtenFile(stdout: string): string {
  const file = /^Backup written: (.+) \(\d+ bytes\)$/m.exec(stdout)?.[1];
  if (!file) throw new Error(`no backup named in: ${stdout}`);
  return file;
}

/** A backup written where the owner's data goes by default, readable by its owner alone. */
function expectPrivate(file: string, home: string): void {
  const folder = path.join(home, '.local', 'share', 'parts-shop', 'backups');
  expect(path.dirname(file)).toBe(folder);
  expect(path.relative(ROOT, file).startsWith('..')).toBe(true);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
}

/** Runs `script` while reading every process's command line (as `ps` shows any user); answers the ones holding `secret`. */
async function watchCommandLines(secret: string, script: Promise<string>) {
  const running = { done: false };
  const finished = script.finally(() => {
    running.done = true;
  });
  const holding = new Set<string>();
  let sawPgDump = false;
  while (!running.done) {
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let line = '';
      try {
        line = fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ');
      } catch {
        continue; // gone meanwhile
      }
      if (line.includes('pg_dump')) sawPgDump = true;
      if (line.includes(secret)) holding.add(line);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { stdout: await finished, holding: [...holding], sawPgDump };
}

async function tokenVersions(database: Database) {
  return (await database.db.select({ v: users.tokenVersion }).from(users).orderBy(asc(users.email))).map((r) => r.v);
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

        const versions = await tokenVersions(database);

        // The test server trusts local connections, so any password is accepted and none is needed.
        const secret = `never-in-argv-${newId().slice(-8)}`;
        const withPassword = url.replace('postgres@', `postgres:${secret}@`);
        expect(withPassword).toContain(secret);
        const home = path.join(dir, 'pg-home');
        const backup = await watchCommandLines(
          secret,
          npmScript('backup', [], { DATABASE_URL: withPassword, HOME: home }),
        );
        expect(backup.sawPgDump).toBe(true);
        expect(backup.holding).toEqual([]);
        const file = writtenFile(backup.stdout);
        expectPrivate(file, home);

        await database.db.execute(sql`drop schema public cascade`);
        await database.db.execute(sql`drop schema drizzle cascade`);
        await database.db.execute(sql`create schema public`);
        const restored = await npmScript('restore', [file, '--sign-out-everyone'], { DATABASE_URL: withPassword });

        expect(await snapshot(database)).toEqual(before);
        expect(restored).toContain('every Logout, "sign out everywhere" and revoked token since then is undone');
        expect(await tokenVersions(database)).toEqual(versions.map((v) => v + 1));
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(testDatabaseUrl)('brings back every part, order and payment on PGlite', { timeout: 240_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    let database = await openDatabase({ dataDir });
    await placeAndPay(database, 6);
    const before = await snapshot(database);
    await database.close();
    expect(before.orders).toHaveLength(6);
    expect(before.payments.filter((p) => p.status === 'succeeded')).toHaveLength(3);

    const home = path.join(dir, 'home');
    const file = writtenFile(await npmScript('backup', [], { DATA_DIR: dataDir, HOME: home }));
    expectPrivate(file, home);
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true });
    const restored = await npmScript('restore', [file], { DATA_DIR: dataDir });
    expect(restored).toContain('every Logout, "sign out everywhere" and revoked token since then is undone');
    expect(restored).toContain('--sign-out-everyone');

    database = await openDatabase({ dataDir });
    try {
      expect(await snapshot(database)).toEqual(before);
      expect(await tokenVersions(database)).toEqual([0]);
    } finally {
      await database.close();
    }
    await npmScript('restore', [file, '--sign-out-everyone'], { DATA_DIR: dataDir });
    database = await openDatabase({ dataDir });
    try {
      expect(await tokenVersions(database)).toEqual([1]);
    } finally {
      await database.close();
    }
  });
});
