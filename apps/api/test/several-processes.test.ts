import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@parts-shop/shared/part';
import { PGBOUNCER, startPgBouncer } from '../../../scripts/lib/pgbouncer.mjs';
import { parts, users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testUid } from './firebase-accounts.ts';
import { NGINX, startNginx } from './nginx.ts';
import { createTestDatabase, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * One shop on several machines, for real (docs/deploy.md: several machines): three API
 * processes, each with its own DATA_DIR, on one PostgreSQL behind nginx, and a fourth through
 * Debian's PgBouncer in transaction mode. They start once; every check is an `it` below that
 * uses `shop` (the processes, nginx's address, the database, an admin) and cleans up after
 * itself only as far as the next check needs. A check that needs another setting in every
 * process adds it to PROCESS_ENV. PostgreSQL pass only: processes cannot share PGlite's files.
 */

const JWT_SECRET = 'several-processes-secret-0123456789abcdef';
/** A read cache far longer than any check: a process serves a change early only if it heard of it. */
const PROCESS_ENV = { JWT_SECRET, PUBLIC_CACHE_MS: '60000', TRUST_PROXY: '127.0.0.1' };
/** How soon every other process must serve a change, counted from the writer's answer. */
const SEEN_WITHIN_MS = 100;

type Shop = {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** A, B and C, straight to PostgreSQL. */
  direct: ApiProcess[];
  /** D, through PgBouncer in transaction mode. */
  pooled: ApiProcess;
  /** nginx in front of A, B and C. */
  proxy: string;
  pgbouncerVersion: string;
  admin: { authorization: string; 'content-type': string };
  /** A part of its own for one check, straight into the database. */
  newPart: (values?: Partial<typeof parts.$inferInsert>) => Promise<string>;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'several-processes-'));
const stops: (() => Promise<void> | void)[] = [];
let shop: Shop;

async function startShop(): Promise<Shop> {
  const database = await createTestDatabase();
  stops.push(() => database.close());
  const url = new URL(database.url ?? '');
  const pgbouncer = await startPgBouncer({ postgresUrl: url.toString() });
  stops.push(() => pgbouncer.stop());
  const start = async (name: string, env: Record<string, string>) => {
    const dataDir = path.join(dir, name);
    fs.mkdirSync(dataDir);
    const server = await startApiProcess({ ...PROCESS_ENV, DATA_DIR: dataDir, ...env });
    stops.push(() => stopApiProcess(server));
    return server;
  };
  // The pooled process starts first: a migration lock it left on a pooled connection would
  // keep the others from starting.
  const pooled = await start('d', {
    DATABASE_URL: pgbouncer.url(url.pathname.slice(1)),
    DATABASE_POOLER: 'transaction',
    DATABASE_DIRECT_URL: url.toString(),
  });
  const direct = await Promise.all(['a', 'b', 'c'].map((name) => start(name, { DATABASE_URL: url.toString() })));
  const nginxDir = path.join(dir, 'nginx');
  fs.mkdirSync(nginxDir);
  const nginx = await startNginx(
    nginxDir,
    direct.map((server) => Number(new URL(server.base).port)),
  );
  stops.push(() => nginx.stop());

  const email = 'several-admin@example.test';
  await database.db
    .insert(users)
    .values({ email, uid: testUid(email), userName: 'several-admin', role: 'admin', emailVerified: true });
  const token = await testToken(createTokenService(JWT_SECRET, 3600), email);
  return {
    database,
    direct,
    pooled,
    proxy: nginx.base,
    pgbouncerVersion: pgbouncer.version,
    admin: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    newPart: async (values = {}) => {
      const id = newId();
      await database.db.insert(parts).values({
        id,
        name: 'Several-process part',
        description: 'Sold by every process',
        img: 'https://example.com/part.png',
        minOrder: 1,
        available: 10,
        priceCents: 10_000,
        ...values,
      });
      return id;
    },
  };
}

/** The part as one process answers it (from its read cache when it holds it). */
async function partOn(server: ApiProcess | string, id: string): Promise<Part> {
  const base = typeof server === 'string' ? server : server.base;
  const res = await fetch(`${base}/parts/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Part;
}

/**
 * For each server, how long after `since` a read had to be sent to see the change (or
 * Infinity): reads go out every 5 ms, each on its own, until one accepted by `shows` comes
 * back; the figure is the sending time of the first read from which every read saw it. A read's
 * own time is left out, so a busy machine slows the answers but not the figure.
 */
async function whenSeen(servers: ApiProcess[], since: number, shows: (server: ApiProcess) => Promise<boolean>) {
  return Promise.all(
    servers.map(async (server) => {
      const reads: Promise<{ sent: number; seen: boolean }>[] = [];
      const state = { seen: false };
      while (!state.seen && performance.now() - since < 2000) {
        const sent = performance.now() - since;
        reads.push(
          shows(server).then((yes) => {
            state.seen ||= yes;
            return { sent, seen: yes };
          }),
        );
        await new Promise((r) => setTimeout(r, 5));
      }
      const done = await Promise.all(reads);
      const lastUnseen = done.findLastIndex((read) => !read.seen);
      return done[lastUnseen + 1]?.sent ?? Infinity;
    }),
  );
}

describe.skipIf(!testDatabaseUrl || !fs.existsSync(NGINX) || !fs.existsSync(PGBOUNCER))(
  'one shop on several processes, behind nginx and PgBouncer',
  () => {
    beforeAll(async () => {
      shop = await startShop();
    }, 180_000);
    afterAll(async () => {
      for (const stop of stops.reverse()) await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it(`serves a price change on one process from every other within ${SEEN_WITHIN_MS} ms`, async () => {
      const id = await shop.newPart({ priceCents: 10_000 });
      const [a, b, c] = shop.direct as [ApiProcess, ApiProcess, ApiProcess];
      const others = [b, c, shop.pooled];
      for (const server of others) expect((await partOn(server, id)).price).toBe(100);
      // A change no process announced stays unseen: the others answer from their caches.
      await shop.database.db.update(parts).set({ description: 'Changed behind the shop' }).where(eq(parts.id, id));
      for (const server of others) expect((await partOn(server, id)).description).toBe('Sold by every process');

      const res = await fetch(`${a.base}/parts/${id}`, {
        method: 'PATCH',
        headers: shop.admin,
        body: JSON.stringify({ version: 1, price: 123.45 }),
      });
      const answered = performance.now();
      expect(res.status, await res.text()).toBe(200);
      const seen = await whenSeen(others, answered, async (server) => (await partOn(server, id)).price === 123.45);
      expect(Math.max(...seen), `seen after ${seen.map((ms) => ms.toFixed(1)).join(', ')} ms`).toBeLessThan(
        SEEN_WITHIN_MS,
      );
      console.log(
        `[several-processes.test.ts] a price change seen after ${seen.map((ms) => ms.toFixed(1)).join(', ')} ms`,
      );
      // Through nginx, whichever process answers.
      for (let i = 0; i < 6; i += 1) expect((await partOn(shop.proxy, id)).price).toBe(123.45);
    });

    it(`drops a deleted part from every process's sitemaps and llms.txt within ${SEEN_WITHIN_MS} ms`, async () => {
      const id = await shop.newPart();
      const [a, b, c] = shop.direct as [ApiProcess, ApiProcess, ApiProcess];
      const origin = (server: ApiProcess) => new URL(server.base).origin;
      const sitemap = async (server: ApiProcess) => (await fetch(`${origin(server)}/sitemaps/parts-1.xml`)).text();
      const llms = async (server: ApiProcess) => (await fetch(`${origin(server)}/llms.txt`)).text();
      const others = [a, c, shop.pooled];
      const before = await Promise.all(others.map(llms));
      for (const server of others) expect(await sitemap(server)).toContain(id);

      // Deleted through the pooled process: its NOTIFY goes through PgBouncer.
      const res = await fetch(`${shop.pooled.base}/parts/${id}`, {
        method: 'DELETE',
        headers: { authorization: shop.admin.authorization },
      });
      const answered = performance.now();
      expect(res.status, await res.text()).toBeLessThan(300);
      const [gone, recounted] = await Promise.all([
        whenSeen([a, c], answered, async (server) => !(await sitemap(server)).includes(id)),
        whenSeen(others, answered, async (server) => (await llms(server)) !== before[others.indexOf(server)]),
      ]);
      expect(
        Math.max(...gone, ...recounted),
        `gone ${gone.join(', ')}; recounted ${recounted.join(', ')}`,
      ).toBeLessThan(SEEN_WITHIN_MS);
      expect(await sitemap(b)).not.toContain(id);
    });

    it('answers the catalog through PgBouncer in transaction mode as straight from PostgreSQL', async () => {
      const id = await shop.newPart({ name: 'Pooled Ryzen 5 7600', priceCents: 19_900 });
      const reads = [
        '/parts?limit=24',
        '/parts?limit=5&sort=price_asc',
        '/parts?limit=5&sort=price_desc&inStock=true',
        '/parts?q=ryzen',
        '/parts?q=ryzen%207600&limit=3',
        '/parts?q=ryzn',
        '/parts/facets',
        '/parts/facets?kind=cpu',
        `/parts/${id}`,
        '/reviews',
      ];
      const answer = async (base: string, read: string) => {
        const res = await fetch(`${base}${read}`);
        return `${res.status} ${await res.text()}`;
      };
      const [a] = shop.direct as [ApiProcess];
      const expected = await Promise.all(reads.map((read) => answer(a.base, read)));
      for (const text of expected) expect(text).toMatch(/^200 /);
      // Many at once, each read several times: more clients than PgBouncer has server
      // connections, so one process's statements meet on connections another prepared on.
      const rounds = await Promise.all(
        Array.from({ length: 6 }, () => Promise.all(reads.map((read) => answer(shop.pooled.base, read)))),
      );
      for (const round of rounds) expect(round).toEqual(expected);
      const edit = await fetch(`${shop.pooled.base}/parts/${id}`, {
        method: 'PATCH',
        headers: shop.admin,
        body: JSON.stringify({ version: 1, name: 'Pooled Ryzen 5 7600X' }),
      });
      expect(edit.status, `${await edit.text()}\n${shop.pooled.output.join('')}`).toBe(200);
      expect((await partOn(shop.pooled, id)).name).toBe('Pooled Ryzen 5 7600X');
      console.log(`[several-processes.test.ts] ${shop.pgbouncerVersion}, pool_mode = transaction`);
    });
  },
);
