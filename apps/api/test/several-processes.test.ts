import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@parts-shop/shared/part';
import { UPLOAD_WIDTHS, type Uploaded } from '@parts-shop/shared/upload';
import { PGBOUNCER, startPgBouncer } from '../../../scripts/lib/pgbouncer.mjs';
import { emailOutbox, parts, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testUid } from './firebase-accounts.ts';
import { NGINX, startNginx } from './nginx.ts';
import { orderBody } from './shop-fixtures.ts';
import { startSlowSmtpServer, type SlowSmtpServer } from './slow-smtp-server.ts';
import { createTestDatabase, testDatabaseUrl, testToken } from './test-app.ts';
import { multipart, testPhoto } from './upload-fixtures.ts';

/**
 * One shop on several machines (docs/deploy.md): processes A, B and C on one PostgreSQL behind nginx, D through
 * PgBouncer. They start once; each check cleans up only as far as the next needs. PostgreSQL only.
 */

const JWT_SECRET = 'several-processes-secret-0123456789abcdef';
/** The MCP endpoint's limit a minute: a cheap request, counted on a budget no other check spends. */
const MCP_LIMIT = 6;
/** Six answers per email (greeting, EHLO, MAIL, RCPT, DATA, end of data): 1.8 s a send, beyond the lease. */
const SMTP_ANSWER_DELAY_MS = 300;
const MAIL_LEASE_MS = 1000;
/** One signing key for the whole shop, as docs/deploy.md asks: webhooks verify whichever process sent them. */
const UCP_SIGNING_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const PROCESS_ENV = {
  JWT_SECRET,
  UCP_SIGNING_KEY,
  // A read cache far longer than any check: a process serves a change early only if it heard of it.
  PUBLIC_CACHE_MS: '60000',
  TRUST_PROXY: '127.0.0.1',
  RATE_LIMIT_MCP_PER_MINUTE: String(MCP_LIMIT),
  MAIL_LEASE_MS: String(MAIL_LEASE_MS),
  MAIL_POLL_MS: '200',
  MAIL_RETRY_BASE_MS: '200',
  MAIL_RETRY_MAX_MS: '1000',
};
/** How soon every other process must serve a change, counted from the writer's answer. */
const SEEN_WITHIN_MS = 100;

type Shop = {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  direct: ApiProcess[];
  pooled: ApiProcess;
  proxy: string;
  smtp: SlowSmtpServer;
  /** The PostgreSQL role C signs in as, and a superuser connection to limit it. */
  roleOfC: string;
  superuser: pg.Client;
  pgbouncerVersion: string;
  admin: { authorization: string; 'content-type': string };
  newPart: (values?: Partial<typeof parts.$inferInsert>) => Promise<string>;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'several-processes-'));
const stops: (() => Promise<void> | void)[] = [];
let shop: Shop;

async function startShop(): Promise<Shop> {
  // Roles belong to the whole cluster: this one goes when everything else has.
  const superuser = new pg.Client({ connectionString: testDatabaseUrl });
  await superuser.connect();
  stops.push(() => superuser.end());
  const roleOfC = `several_c_${newId().replaceAll('-', '')}`;
  await superuser.query(`create role ${roleOfC} login`);
  stops.push(async () => {
    await superuser.query(`drop role if exists ${roleOfC}`);
  });
  // A member of the tables' owner, so C reads and writes as the others do, but no superuser:
  // PostgreSQL's connection limits hold for it.
  const { rows } = await superuser.query<{ owner: string }>('select current_user as owner');
  await superuser.query(`grant ${rows[0]?.owner ?? 'postgres'} to ${roleOfC}`);

  const database = await createTestDatabase();
  stops.push(() => database.close());
  const url = new URL(database.url ?? '');
  const pgbouncer = await startPgBouncer({ postgresUrl: url.toString() });
  stops.push(() => pgbouncer.stop());
  const smtp = await startSlowSmtpServer(SMTP_ANSWER_DELAY_MS);
  stops.push(() => smtp.stop());
  const start = async (name: string, env: Record<string, string>) => {
    const dataDir = path.join(dir, name);
    fs.mkdirSync(dataDir);
    const server = await startApiProcess({ ...PROCESS_ENV, SMTP_URL: smtp.url, DATA_DIR: dataDir, ...env });
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
  const urlOfC = new URL(url);
  urlOfC.username = roleOfC;
  const direct = await Promise.all(
    [url, url, urlOfC].map((databaseUrl, i) => start('abc'.charAt(i), { DATABASE_URL: databaseUrl.toString() })),
  );
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
    smtp,
    roleOfC,
    superuser,
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

/** Per server, how long after `since` a read had to be sent to see the change; a read's own time is left out. */
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

    it('publishes the same UCP signing keys from every process', async () => {
      const published = await Promise.all(
        [...shop.direct, shop.pooled].map(async (server) => {
          const res = await fetch(new URL('/.well-known/ucp', server.base));
          return JSON.stringify(((await res.json()) as { signing_keys: unknown }).signing_keys);
        }),
      );
      expect(new Set(published).size).toBe(1);
      expect(JSON.parse(published[0] ?? '[]')).toHaveLength(1);
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

    it(`lets a client ${MCP_LIMIT} MCP calls a minute in total through nginx, whichever process answers`, async () => {
      // One client address of its own, which nginx passes on and the processes trust it for.
      const call = (base: string) =>
        fetch(`${base}/mcp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'x-forwarded-for': '10.36.0.1',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        }).then((res) => res.status);
      // Three times the limit at once: nginx hands them to A, B and C in turn.
      const answers = await Promise.all(Array.from({ length: MCP_LIMIT * 3 }, () => call(shop.proxy)));
      expect(answers.filter((status) => status === 200).length, answers.join(',')).toBe(MCP_LIMIT);
      expect(answers.filter((status) => status === 429)).toHaveLength(MCP_LIMIT * 2);
      // Each process, asked straight, has the client over its limit.
      for (const server of shop.direct) expect(await call(server.base)).toBe(429);
    });

    it('serves a photo uploaded through one process, at every size, from the others', async () => {
      const [a, b, c] = shop.direct as [ApiProcess, ApiProcess, ApiProcess];
      const body = multipart([
        { field: 'file', filename: 'p.png', type: 'image/png', bytes: await testPhoto('png', 1600, 900) },
      ]);
      const res = await fetch(`${a.base}/uploads`, {
        method: 'POST',
        headers: { authorization: shop.admin.authorization, ...body.headers },
        body: body.payload,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { url } = (await res.json()) as Uploaded;
      const photo = async (server: ApiProcess, query: string) => {
        const answer = await fetch(`${new URL(server.base).origin}${url}${query}`);
        expect(answer.status, `${url}${query}`).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/webp');
        return Buffer.from(await answer.arrayBuffer());
      };
      for (const width of [undefined, ...UPLOAD_WIDTHS]) {
        const query = width === undefined ? '' : `?w=${width}`;
        const uploaded = await photo(a, query);
        expect((await sharp(uploaded).metadata()).width).toBe(width ?? 1600);
        for (const other of [b, c]) expect((await photo(other, query)).equals(uploaded), `${url}${query}`).toBe(true);
      }
    });

    it(
      'sends one email per order while every process sends the outbox to a slow mail server',
      { timeout: 40_000 },
      async () => {
        const email = `several-buyer-${newId()}@example.test`;
        await shop.database.db
          .insert(users)
          .values({ email, uid: testUid(email), userName: 'several-buyer', emailVerified: true });
        const buyer = `Bearer ${await testToken(createTokenService(JWT_SECRET, 3600), email)}`;
        const partId = await shop.newPart({ available: 1000 });
        for (let i = 0; i < 2; i += 1) {
          const res = await fetch(`${shop.proxy}/orders`, {
            method: 'POST',
            headers: { authorization: buyer, 'content-type': 'application/json' },
            body: JSON.stringify(orderBody(partId)),
          });
          expect(res.status, await res.text()).toBe(201);
        }
        const outbox = () => shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
        const copies = (rows: { messageId: string }[]) =>
          rows.map((row) => shop.smtp.delivered.filter((id) => id === row.messageId).length);
        const deadline = Date.now() + 20_000;
        for (;;) {
          const rows = await outbox();
          if (rows.every((row) => row.sentAt) || copies(rows).some((n) => n > 1) || Date.now() > deadline) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        // A second sender of either would have its copy in by the end of one more send.
        await new Promise((r) => setTimeout(r, SMTP_ANSWER_DELAY_MS * 8));
        const rows = await outbox();
        expect(rows).toHaveLength(2);
        expect(copies(rows), 'copies delivered of each email').toEqual([1, 1]);
        expect(rows.map((row) => Boolean(row.sentAt))).toEqual([true, true]);
        expect(new Set(shop.smtp.delivered).size, shop.smtp.delivered.join('\n')).toBe(shop.smtp.delivered.length);
      },
    );

    it('answers 503 with Retry-After, never 500, on a process PostgreSQL gives no connection', async () => {
      const c = shop.direct[2] as ApiProcess;
      const answers = async () =>
        Promise.all([
          // Reads the read cache cannot answer, and a write.
          fetch(`${c.base}/parts?q=several-${newId()}`),
          fetch(`${c.base}/parts/${newId()}`),
          fetch(`${c.base}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Busy', email: 'busy@example.com', message: 'Are you there?' }),
          }),
        ]);
      // C's role may hold no connection: PostgreSQL refuses each new one (53300), and the ones
      // C holds are closed.
      await shop.superuser.query(`alter role ${shop.roleOfC} connection limit 0`);
      try {
        await shop.superuser.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [
          shop.roleOfC,
        ]);
        await new Promise((r) => setTimeout(r, 200));
        for (let round = 0; round < 2; round += 1) {
          for (const res of await answers()) {
            expect(res.status, `${res.url}: ${await res.text()}`).toBe(503);
            expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          }
        }
      } finally {
        await shop.superuser.query(`alter role ${shop.roleOfC} connection limit -1`);
      }
      expect((await answers()).map((res) => res.status)).toEqual([200, 404, 201]);
    });
  },
);
