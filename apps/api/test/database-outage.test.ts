import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { startMaildev, type MailCatcher } from '../../../scripts/lib/maildev.mjs';
import { findPostgresBin, startPostgres } from '../../../scripts/lib/postgres.mjs';
import { openDatabase, type Database } from '#api/db/client.ts';
import { emailOutbox, orders, parts, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { testUid } from './firebase-accounts.ts';
import { GOOD_CARD } from './shop-fixtures.ts';
import { testDatabaseUrl, testToken } from './test-app.ts';

/**
 * PostgreSQL (a cluster of this test's own) stops for a few seconds under traffic: the API answers 503, never
 * hangs or 500s, and recovers by itself with every acknowledged order and waiting email intact.
 */

const JWT_SECRET = 'database-outage-secret-0123456789abcdef';
const WORKERS = 8;
const OUTAGE_MS = 3000;
/** A request that takes longer has hung: the API must answer 503 at once instead. */
const HANG_MS = 8000;

type Answer = { status: number; body: string };

async function call(server: ApiProcess, method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(HANG_MS),
  });
  return { status: res.status, body: await res.text() };
}

// In npm test's PostgreSQL pass only (it starts a cluster of its own all the same).
describe.skipIf(!testDatabaseUrl || !findPostgresBin())('PostgreSQL stopped under load', () => {
  let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let server: ApiProcess | undefined;
  let catcher: MailCatcher | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    if (server) await stopApiProcess(server);
    await database?.close();
    await catcher?.stop();
    cluster?.stop();
  });

  it(
    'answers 503 while it is away, recovers by itself and loses nothing acknowledged',
    { timeout: 180_000 },
    async () => {
      cluster = await startPostgres();
      catcher = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
      database = await openDatabase({ url: cluster.url, dataDir: ':memory:', poolSize: 2 });
      const db = database.db;
      const tokens = createTokenService(JWT_SECRET, 3600);
      const emails = Array.from({ length: WORKERS }, (_, i) => `outage-buyer-${i}@example.test`);
      await db.insert(users).values(
        emails.map((email) => ({
          email,
          uid: testUid(email),
          userName: email.split('@')[0] ?? '',
          emailVerified: true,
        })),
      );
      const bearer = await Promise.all(emails.map((email) => testToken(tokens, email)));
      const partId = newId();
      await db.insert(parts).values({
        id: partId,
        name: 'Outage part',
        description: 'Bought while the database restarts',
        img: 'https://example.com/part.png',
        minOrder: 1,
        available: 100_000,
        priceCents: 1_999,
      });
      server = await startApiProcess({
        DATABASE_URL: cluster.url,
        JWT_SECRET,
        SMTP_URL: catcher.smtpUrl,
        MAIL_POLL_MS: '200',
        MAIL_RETRY_BASE_MS: '200',
        MAIL_RETRY_MAX_MS: '1000',
      });
      const api = server;

      const acked = new Map<string, number>();
      const paid = new Set<string>();
      const statuses = new Map<number, number>();
      const wrong: string[] = [];
      let stop = false;
      const note = (what: string, answer: Answer, ok: number) => {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === ok) return true;
        if (answer.status !== 503) wrong.push(`${what} ${answer.status} ${answer.body.slice(0, 200)}`);
        else if (answer.body.includes(' at ')) wrong.push(`${what} 503 with a stack: ${answer.body}`);
        return false;
      };
      const worker = async (w: number) => {
        const token = bearer[w] ?? '';
        for (let k = 0; !stop; k += 1) {
          try {
            const quantity = 1 + (k % 3);
            const placed = await call(api, 'POST', '/orders', token, {
              partId,
              totalOrder: quantity,
              phoneNumber: '0123456789',
              address: '1 Outage Road',
            });
            if (!note('POST /orders', placed, 201)) continue;
            const orderId = (JSON.parse(placed.body) as { insertedId: string }).insertedId;
            acked.set(orderId, quantity);
            const intent = await call(api, 'POST', '/create-payment-intent', token, { orderId });
            if (!note('create-payment-intent', intent, 200)) continue;
            const { clientSecret, paymentIntentId } = JSON.parse(intent.body) as Record<string, string>;
            const confirmed = await call(api, 'POST', '/payments/local/confirm', token, {
              clientSecret,
              card: GOOD_CARD,
            });
            if (!note('confirm', confirmed, 200)) continue;
            const recorded = await call(api, 'PATCH', `/orders/${orderId}`, token, { transactionId: paymentIntentId });
            if (note('PATCH /orders', recorded, 200)) paid.add(orderId);
          } catch (error) {
            wrong.push(`no answer: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      const ready = async () => {
        const res = await fetch(`${api.base}/ready`, { signal: AbortSignal.timeout(HANG_MS) }).catch(
          (error: unknown) => {
            throw new Error(`GET /ready: ${String(error)}\n${api.output.join('')}`);
          },
        );
        return { status: res.status, body: (await res.json()) as { ready: boolean } };
      };

      await new Promise((r) => setTimeout(r, 1500));
      const ackedBefore = acked.size;
      cluster.pause();
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      const during = await ready();
      cluster.resume();
      const backBy = Date.now() + 30_000;
      while ((await ready()).status !== 200 && Date.now() < backBy) await new Promise((r) => setTimeout(r, 250));
      const ackedAtReturn = acked.size;
      await new Promise((r) => setTimeout(r, 2000));
      stop = true;
      await load;

      expect(api.child.exitCode, api.output.join('')).toBeNull();
      expect(during.status).toBe(503);
      expect(during.body).toEqual({ ready: false, workers: 0 });
      expect(wrong).toEqual([]);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(ackedBefore).toBeGreaterThan(0);
      // Orders were taken again after the return, without a restart.
      expect(acked.size).toBeGreaterThan(ackedAtReturn);

      for (const [orderId, quantity] of acked) {
        const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
        expect(row?.totalOrder, `acknowledged order ${orderId}`).toBe(quantity);
        if (paid.has(orderId)) expect(row?.paid, `paid order ${orderId}`).toBe(true);
      }
      // The outbox resumes: every email waiting for the outage is sent.
      const sentBy = Date.now() + 30_000;
      const unsent = async () =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(emailOutbox)
            .where(isNull(emailOutbox.sentAt))
        )[0]?.n;
      while ((await unsent()) !== 0 && Date.now() < sentBy) await new Promise((r) => setTimeout(r, 250));
      expect(await unsent()).toBe(0);
      console.log(
        `[database-outage.test.ts] ${acked.size} orders and ${paid.size} payments acknowledged; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    },
  );
});
