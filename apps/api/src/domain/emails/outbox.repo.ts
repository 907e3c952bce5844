import { and, asc, eq, exists, getTableColumns, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { emailOutbox, leases, orders, users } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';
import type { EmailPayload } from './order-email-templates.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** Writes an email in the transaction of the change it reports: both commit or neither does. */
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
 * Due emails, oldest first, only to verified addresses under the day's budget (docs/security.md#order-emails).
 * Exceptions: a contact-message reply, and an AI assistant's order, whose buyer it named and paid for.
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

/** Marks an email sent only while `lease` still holds; answers whether it did. */
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

/** Takes the lease if free or expired, in one statement so two processes cannot both win. */
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

/** Never extends an expired lease: its holder may have stopped sending then. */
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
