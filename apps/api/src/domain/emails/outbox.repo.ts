import { and, asc, eq, exists, getTableColumns, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox, leases, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { EmailPayload } from './order-email-templates.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Writes an email to the outbox. Call it with the transaction that makes the change the
 * email reports: both commit or neither does.
 */
export async function queueEmail(db: Db, recipient: string, payload: EmailPayload): Promise<void> {
  const id = newId();
  await db.insert(emailOutbox).values({
    id,
    messageId: `<${id}.${payload.kind}@parts-shop>`,
    kind: payload.kind,
    orderId: 'orderId' in payload ? payload.orderId : null,
    recipient,
    payload,
  });
}

/**
 * Emails whose time has come, oldest first, each with how many its recipient was sent in the
 * last day. Only to an address its owner has verified, and only while the recipient is under
 * the day's budget: the shop never mails an address nobody proved they own, nor floods one
 * that is (docs/security.md#order-emails). The others wait in the outbox. An admin's reply to
 * a contact message is the one exception to verification: a person chose to write to the
 * address the message came from, once (docs/security.md#contact-message-replies).
 */
export function dueEmails(
  db: Db,
  limit: number,
  perRecipientPerDay: number,
): Promise<(OutboxRow & { sentToday: number })[]> {
  // Written out: in a select list drizzle leaves columns unqualified, and here the subquery's
  // own rows and the outer row are both email_outbox.
  const sentToday =
    sql<number>`(select count(*) from email_outbox sent where sent.recipient = email_outbox.recipient and sent.sent_at > now() - interval '1 day')`.mapWith(
      Number,
    );
  const verified = db
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.email, emailOutbox.recipient), eq(users.emailVerified, true)));
  return db
    .select({ ...getTableColumns(emailOutbox), sentToday })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(exists(verified), eq(emailOutbox.kind, 'message-reply')),
        lt(sentToday, perRecipientPerDay),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit);
}

export async function markEmailSent(db: Db, id: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** A failed attempt: counted, and the next one put off by delayMs. */
export async function deferEmail(db: Db, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lastError: error.slice(0, 500),
    })
    .where(eq(emailOutbox.id, id));
}

/**
 * Takes or renews the named lease for `holder`. One statement, so two processes asking at
 * once cannot both win: the row is created if missing, and taken over only when its holder
 * is the asker or has let it expire. Answers whether the asker holds it now.
 */
export async function holdLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlMs / 1000})`;
  const rows = await db
    .insert(leases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt },
      setWhere: or(eq(leases.holder, holder), lte(leases.expiresAt, sql`now()`)),
    })
    .returning({ holder: leases.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

/** The unsent emails, and how many of them failed at least once (for readiness and metrics). */
export async function outboxBacklog(db: Db): Promise<{ pending: number; failing: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      failing: sql<number>`(count(*) filter (where ${emailOutbox.attempts} > 0))::int`,
    })
    .from(emailOutbox)
    .where(isNull(emailOutbox.sentAt));
  return { pending: row?.pending ?? 0, failing: row?.failing ?? 0 };
}
