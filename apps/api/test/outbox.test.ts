import fs from 'node:fs';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { startMaildev, type CaughtEmail, type MailCatcher } from '../../../scripts/lib/maildev.mjs';
import { openDatabase, type Database } from '#api/db/client.ts';
import { emailOutbox, leases, parts, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import { createTokenService } from '#api/lib/tokens.ts';
import { createMailWorker, type MailWorker } from '#api/domain/emails/mail-worker.ts';
import { createSmtpTransport } from '#api/domain/emails/smtp-transport.ts';
import { databaseForProcesses, startApiProcess, stopApiProcess, type ApiProcess } from './api-process.ts';
import { addPart, payOrder, placeOrder } from './shop-fixtures.ts';
import { createFirebaseAccount, signInWithPassword, testUid, verifyFirebaseEmail } from './firebase-accounts.ts';
import { useTestApp, testDatabaseUrl, testToken } from './test-app.ts';

/**
 * The order emails' outbox against a real SMTP server: an email committed with its change arrives once, through
 * an SMTP outage, two competing workers, or a process dying between commit and send.
 */

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function worker(
  db: Database['db'],
  smtpUrl: string,
  overrides: { leaseMs?: number; perRecipientPerDay?: number } = {},
): MailWorker {
  const transport = createSmtpTransport(smtpUrl);
  const mailWorker = createMailWorker({
    db,
    transport,
    from: 'Parts Shop <orders@parts-shop.example>',
    shopUrl: 'http://shop.test',
    leaseMs: overrides.leaseMs ?? 5_000,
    pollMs: 50,
    perRecipientPerDay: overrides.perRecipientPerDay ?? 1000,
    retryBaseMs: 200,
    retryMaxMs: 1_000,
    log: quiet,
  });
  // Its pooled SMTP connection closed too, as the API's own close does: left open, it would
  // hold the catcher's stop until the connection times out.
  return {
    ...mailWorker,
    stop: async () => {
      await mailWorker.stop();
      transport.close();
    },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function outboxFor(db: Database['db'], orderId: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId)).orderBy(emailOutbox.id);
}

const toOrder = (orderId: string) => (m: CaughtEmail) => m.text.includes(`/dashboard/orders/${orderId}`);

describe('the mail worker', () => {
  const t = useTestApp();

  it('keeps an email while SMTP is down and sends it, once and with its Message-ID, when it is back', async () => {
    const alice = await t.signIn('outbox-alice@example.com');
    const order = await placeOrder(t, alice, await addPart(t, { name: 'Outbox <b>GPU</b>' }));
    const smtpPort = await freePort();
    const sender = worker(t.database.db, `smtp://127.0.0.1:${smtpPort}`);

    // Nothing listens: the attempt fails, is counted and put off.
    expect(await sender.runOnce()).toBe(0);
    const [failed] = await outboxFor(t.database.db, order._id);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Put off by at least the base delay from when it was written.
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual((failed?.createdAt.getTime() ?? 0) + 200);

    const catcher = await startMaildev({ smtpPort, webPort: await freePort() });
    try {
      const sent = await waitFor('the retry', async () => ((await sender.runOnce()) > 0 ? true : undefined));
      expect(sent).toBe(true);
      const [row] = await outboxFor(t.database.db, order._id);
      expect(row?.sentAt).not.toBeNull();
      expect(row?.attempts).toBe(2);
      const caught = (await catcher.messages()).filter(toOrder(order._id));
      expect(caught).toHaveLength(1);
      const email = caught[0];
      expect(email?.subject).toBe(`Order ${order.number} placed`);
      expect(email?.to[0]?.address).toBe('outbox-alice@example.com');
      expect(email?.headers['message-id']).toBe(row?.messageId);
      expect(email?.text).toContain('Outbox <b>GPU</b>');
      expect(email?.html).toContain('Outbox &lt;b&gt;GPU&lt;/b&gt;');
      // Sent rows are never sent again.
      expect(await sender.runOnce()).toBe(0);
    } finally {
      await sender.stop();
      await catcher.stop();
    }
  });

  it('with two workers on two connections, sends each email exactly once', async () => {
    const bob = await t.signIn('outbox-bob@example.com');
    const partId = await addPart(t, { available: 100 });
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await placeOrder(t, bob, partId));
    await payOrder(t, bob, orders[0]?._id ?? '');
    const catcher = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
    // On PostgreSQL the second worker has its own pool, as another API process would.
    const other =
      testDatabaseUrl && 'url' in t.database
        ? await openDatabase({ url: String(t.database.url), dataDir: ':memory:' })
        : undefined;
    const a = worker(t.database.db, catcher.smtpUrl);
    const b = worker(other?.db ?? t.database.db, catcher.smtpUrl);
    try {
      const due = (await t.database.db.select().from(emailOutbox)).filter((r) => r.sentAt === null).length;
      let sent = 0;
      for (let round = 0; round < 20 && sent < due; round += 1) {
        const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
        sent += x + y;
      }
      expect(sent).toBe(due);
      const ids = (await catcher.messages()).map((m) => m.headers['message-id']);
      expect(ids).toHaveLength(due);
      expect(new Set(ids).size).toBe(due);
      expect((await t.database.db.select().from(emailOutbox)).every((r) => r.sentAt !== null)).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
      await other?.close();
      await catcher.stop();
    }
  });

  it('lets only the lease holder send; another takes over once the holder stops renewing', async () => {
    const carol = await t.signIn('outbox-carol@example.com');
    const catcher = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
    // A lease far longer than the test, so a slow machine cannot let it lapse early; its
    // running out is then played by the database's clock moving past it.
    const holder = worker(t.database.db, catcher.smtpUrl, { leaseMs: 600_000 });
    const other = worker(t.database.db, catcher.smtpUrl, { leaseMs: 600_000 });
    try {
      await holder.runOnce();
      const order = await placeOrder(t, carol, await addPart(t));
      // The holder's lease is fresh: the other worker may not send.
      expect(await other.runOnce()).toBe(0);
      expect((await outboxFor(t.database.db, order._id))[0]?.sentAt).toBeNull();
      // The holder dies without a word (no stop, no release); its lease runs out.
      await t.database.db.update(leases).set({ expiresAt: sql`now() - interval '1 second'` });
      expect(await other.runOnce()).toBe(1);
      expect((await catcher.messages()).filter(toOrder(order._id))).toHaveLength(1);
    } finally {
      await other.stop();
      await catcher.stop();
    }
  });
});

describe('who is mailed (docs/security.md#order-emails)', () => {
  let catcher: MailCatcher;
  const t = useTestApp();
  beforeAll(async () => {
    catcher = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
  });
  afterAll(async () => {
    await catcher.stop();
  });

  const unsent = async (orderId: string) => (await outboxFor(t.database.db, orderId)).filter((r) => r.sentAt === null);

  it("holds an unverified address's emails until its owner verifies it, then sends them", async () => {
    const account = await createFirebaseAccount();
    const exchange = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${account.email}`,
        headers: { authorization: `Bearer ${account.idToken}` },
        payload: { email: account.email },
      });
    const auth = { authorization: `Bearer ${(await exchange()).json<{ token: string }>().token}` };
    // The account may still order; the email waits.
    const order = await placeOrder(t, auth, await addPart(t));
    const sender = worker(t.database.db, catcher.smtpUrl);
    try {
      expect(await sender.runOnce()).toBe(0);
      expect(await unsent(order._id)).toHaveLength(1);

      await verifyFirebaseEmail(account.uid);
      account.idToken = await signInWithPassword(account.email, account.password);
      expect((await exchange()).statusCode).toBe(200);
      expect(await sender.runOnce()).toBe(1);
      expect((await catcher.messages()).filter(toOrder(order._id))).toHaveLength(1);
    } finally {
      await sender.stop();
    }
  });

  it('sends one address at most MAIL_PER_RECIPIENT_PER_DAY emails a day; the rest wait for the next day', async () => {
    const dave = await t.signIn('outbox-dave@example.com');
    const partId = await addPart(t, { available: 100 });
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await placeOrder(t, dave, partId));
    const sender = worker(t.database.db, catcher.smtpUrl, { perRecipientPerDay: 3 });
    try {
      expect(await sender.runOnce()).toBe(3);
      expect(await sender.runOnce()).toBe(0);
      const waiting = (await t.database.db.select().from(emailOutbox)).filter(
        (r) => r.recipient === 'outbox-dave@example.com' && r.sentAt === null,
      );
      expect(waiting).toHaveLength(2);
      // A day later the budget is fresh.
      await t.database.db
        .update(emailOutbox)
        .set({ sentAt: sql`now() - interval '25 hours'` })
        .where(and(eq(emailOutbox.recipient, 'outbox-dave@example.com'), isNotNull(emailOutbox.sentAt)));
      expect(await sender.runOnce()).toBe(2);
    } finally {
      await sender.stop();
    }
  });
});

/** kill -9 between commit and send: the next process, given an SMTP server, sends every email the first committed. */
describe('kill -9 between commit and send', () => {
  const JWT_SECRET = 'outbox-crash-secret-0123456789abcdef-01';
  let catcher: MailCatcher | undefined;
  let dataDir: string | undefined;
  const servers: ApiProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map(stopApiProcess));
    await catcher?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no email', { timeout: 240_000 }, async () => {
    const made = await databaseForProcesses('parts-shop-outbox-');
    const { database, env: target } = made;
    dataDir = made.dataDir;
    const email = 'crash-mail@example.com';
    const partId = newId();
    await database.db.insert(users).values({ email, uid: testUid(email), userName: 'Crash Mail', emailVerified: true });
    await database.db.insert(parts).values({
      id: partId,
      name: 'Crash SSD',
      description: 'Ordered while the API dies',
      img: '/images/parts/storage.svg',
      minOrder: 1,
      available: 100,
      priceCents: 4_999,
    });
    // PGlite's files belong to one process at a time.
    if (!testDatabaseUrl) await database.close();

    const token = await testToken(createTokenService(JWT_SECRET, 3600), email);
    const deadSmtp = `smtp://127.0.0.1:${await freePort()}`;
    const mail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '500', MAIL_LEASE_MS: '2000' };
    const first = await startApiProcess({ ...target, JWT_SECRET, SMTP_URL: deadSmtp, ...mail });
    servers.push(first);
    const placed: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${first.base}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ partId, totalOrder: 1, phoneNumber: '+1 555 0100', address: '1 Crash Lane' }),
      });
      expect(res.status).toBe(201);
      placed.push(((await res.json()) as { insertedId: string }).insertedId);
    }
    const gone = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await gone;
    expect(first.child.signalCode).toBe('SIGKILL');

    catcher = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
    const second = await startApiProcess({ ...target, JWT_SECRET, SMTP_URL: catcher.smtpUrl, ...mail });
    servers.push(second);
    const mailbox = catcher;
    const caught = await waitFor('every committed email', async () => {
      const all = await mailbox.messages();
      return placed.every((id) => all.some(toOrder(id))) ? all : undefined;
    });
    for (const id of placed) expect(caught.filter(toOrder(id)), `order ${id}`).toHaveLength(1);
    if (testDatabaseUrl) await database.close();
  });
});
