import { isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#api/db/client.ts';
import { emailOutbox, leases } from '#api/db/schema.ts';
import { createMailWorker, type MailWorker } from '#api/domain/emails/mail-worker.ts';
import { createSmtpTransport } from '#api/domain/emails/smtp-transport.ts';
import { addPart, placeOrder } from './shop-fixtures.ts';
import { startSlowSmtpServer, type SlowSmtpServer } from './slow-smtp-server.ts';
import { useTestApp, testDatabaseUrl } from './test-app.ts';

/** An email is sent once even when one send outlasts the mail lease: a sender that lost its lease writes nothing. */

const LEASE_MS = 1000;
/** Six answers per email (greeting, EHLO, MAIL, RCPT, DATA, end of data): 1.5 s a send, beyond the lease. */
const ANSWER_DELAY_MS = 250;

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function worker(db: Database['db'], smtpUrl: string): MailWorker {
  const transport = createSmtpTransport(smtpUrl);
  const mailWorker = createMailWorker({
    db,
    transport,
    from: 'Parts Shop <orders@parts-shop.example>',
    shopUrl: 'http://shop.test',
    leaseMs: LEASE_MS,
    pollMs: 50,
    perRecipientPerDay: 1000,
    retryBaseMs: 100,
    retryMaxMs: 500,
    log: quiet,
  });
  return {
    ...mailWorker,
    stop: async () => {
      await mailWorker.stop();
      transport.close();
    },
  };
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a slow SMTP server and two senders', () => {
  let smtp: SlowSmtpServer;
  let other: Database | undefined;
  const t = useTestApp();
  beforeAll(async () => {
    // On PostgreSQL the second sender has its own pool, as another API process would.
    other =
      testDatabaseUrl && 'url' in t.database
        ? await openDatabase({ url: String(t.database.url), dataDir: ':memory:', poolSize: 2 })
        : undefined;
  });
  afterAll(async () => {
    await other?.close();
  });

  const unsent = async () => (await t.database.db.select().from(emailOutbox).where(isNull(emailOutbox.sentAt))).length;

  it('delivers each email exactly once when every send outlasts the lease', { timeout: 90_000 }, async () => {
    smtp = await startSlowSmtpServer(ANSWER_DELAY_MS);
    const buyer = await t.signIn('slow-smtp-buyer@example.com');
    const partId = await addPart(t, { available: 100 });
    for (let i = 0; i < 3; i += 1) await placeOrder(t, buyer, partId);
    const expected = (await t.database.db.select().from(emailOutbox)).map((row) => row.messageId);
    expect(expected).toHaveLength(3);
    const a = worker(t.database.db, smtp.url);
    const b = worker(other?.db ?? t.database.db, smtp.url);
    a.start();
    b.start();
    try {
      await waitFor('every email marked sent', async () => (await unsent()) === 0);
      // Anything still in flight would show up within one more send.
      await sleep(ANSWER_DELAY_MS * 8);
      expect([...smtp.delivered].sort()).toEqual([...expected].sort());
    } finally {
      await a.stop();
      await b.stop();
      await smtp.stop();
    }
  });

  it(
    'a sender whose lease is taken over mid-send abandons it and sends nothing more',
    { timeout: 90_000 },
    async () => {
      smtp = await startSlowSmtpServer(ANSWER_DELAY_MS);
      const buyer = await t.signIn('slow-smtp-second@example.com');
      const partId = await addPart(t, { available: 100 });
      for (let i = 0; i < 2; i += 1) await placeOrder(t, buyer, partId);
      const a = worker(t.database.db, smtp.url);
      try {
        const pass = a.runOnce();
        // In the middle of the first send (its greeting and EHLO answered), another process
        // takes the lease over, as after a pause of this one longer than the lease.
        await sleep(ANSWER_DELAY_MS * 2 + 100);
        await t.database.db
          .update(leases)
          .set({ holder: 'another-process', expiresAt: sql`now() + interval '1 hour'` })
          .where(sql`${leases.name} = 'mail-worker'`);
        expect(await pass).toBe(0);
        await sleep(ANSWER_DELAY_MS * 8);
        expect(smtp.delivered).toEqual([]);
        expect(await unsent()).toBe(2);
        // While the other holds it, this one sends nothing.
        expect(await a.runOnce()).toBe(0);
        expect(smtp.delivered).toEqual([]);

        // The other process dies; its lease runs out and this sender, taking it afresh, sends each once.
        await t.database.db.update(leases).set({ expiresAt: sql`now() - interval '1 second'` });
        await waitFor('both emails', async () => (await a.runOnce()) >= 0 && (await unsent()) === 0);
        expect(new Set(smtp.delivered).size).toBe(2);
        expect(smtp.delivered).toHaveLength(2);
      } finally {
        await a.stop();
        await smtp.stop();
      }
    },
  );
});
