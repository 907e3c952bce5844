import { and, asc, eq, exists, getTableColumns, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { emailOutbox, leases, orders, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
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
 * that is (docs/security.md#order-emails). The others wait in the outbox. Two exceptions to
 * verification: an admin's reply to a contact message, where a person chose to write to the
 * address the message came from, once (docs/security.md#contact-message-replies); and the
 * emails of an order an AI assistant placed, whose buyer the assistant named and paid for
 * (docs/security.md#ai-assistants-ucp).
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
  const assistantsOrder = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.id, emailOutbox.orderId), isNotNull(orders.origin)));
  return db
    .select({ ...getTableColumns(emailOutbox), sentToday })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(exists(verified), eq(emailOutbox.kind, 'message-reply'), exists(assistantsOrder)),
        lt(sentToday, perRecipientPerDay),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit);
}

/** The lease a sender holds while it sends: its name and the token it was taken with. */
export type HeldLease = { name: string; token: string };

/** Whether `lease` is still held by its token and not expired, as a condition on a write. */
export function stillHeld(db: Db, lease: HeldLease) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(leases)
      .where(and(eq(leases.name, lease.name), eq(leases.holder, lease.token), gt(leases.expiresAt, sql`now()`))),
  );
}

/**
 * Marks an email sent, only while the sender still holds `lease`: a sender whose lease was
 * taken over writes nothing. Answers whether it was marked.
 */
export async function markEmailSent(db: Db, id: string, lease: HeldLease): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt), stillHeld(db, lease)))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** A failed attempt: counted, and the next one put off by delayMs (while the sender holds `lease`). */
export async function deferEmail(db: Db, id: string, delayMs: number, error: string, lease: HeldLease): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lastError: error.slice(0, 500),
    })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt), stillHeld(db, lease)));
}

/**
 * Takes the named lease with a new `token` if it is free or expired. One statement, so two
 * processes asking at once cannot both win. Answers whether the asker holds it now.
 */
export async function takeLease(db: Db, name: string, token: string, ttlMs: number): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlMs / 1000})`;
  const rows = await db
    .insert(leases)
    .values({ name, holder: token, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder: token, expiresAt },
      setWhere: lte(leases.expiresAt, sql`now()`),
    })
    .returning({ holder: leases.holder });
  return rows[0]?.holder === token;
}

/**
 * Extends a lease its holder still has: never one that expired, even if nobody took it since,
 * because its holder may have stopped sending then. Answers whether it was extended.
 */
export async function renewLease(db: Db, lease: HeldLease, ttlMs: number): Promise<boolean> {
  const rows = await db
    .update(leases)
    .set({ expiresAt: sql`now() + make_interval(secs => ${ttlMs / 1000})` })
    .where(and(eq(leases.name, lease.name), eq(leases.holder, lease.token), gt(leases.expiresAt, sql`now()`)))
    .returning({ holder: leases.holder });
  return rows.length > 0;
}

export async function releaseLease(db: Db, lease: HeldLease): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, lease.name), eq(leases.holder, lease.token)));
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
