import { and, asc, eq, isNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#api/db/client.ts';
import { ucpOrderWebhooks } from '#api/db/schema.ts';
import { stillHeld, type HeldLease } from '#api/domain/emails/outbox.repo.ts';

export type WebhookRow = typeof ucpOrderWebhooks.$inferSelect;

const earlier = alias(ucpOrderWebhooks, 'earlier');

/** An event is due only once its order's earlier events were delivered, so changes arrive in order. */
export function dueWebhooks(db: Db, limit: number): Promise<WebhookRow[]> {
  const earlierUndelivered = db
    .select({ one: sql`1` })
    .from(earlier)
    .where(
      and(
        eq(earlier.orderId, ucpOrderWebhooks.orderId),
        isNull(earlier.deliveredAt),
        sql`${earlier.id} < ${ucpOrderWebhooks.id}`,
      ),
    );
  return db
    .select()
    .from(ucpOrderWebhooks)
    .where(
      and(
        isNull(ucpOrderWebhooks.deliveredAt),
        lte(ucpOrderWebhooks.nextAttemptAt, sql`now()`),
        notExists(earlierUndelivered),
      ),
    )
    .orderBy(asc(ucpOrderWebhooks.nextAttemptAt), asc(ucpOrderWebhooks.id))
    .limit(limit);
}

/** Delivered (or with nowhere to go, `note` saying why), only while the sender holds `lease`. */
export async function markWebhookDone(db: Db, id: string, lease: HeldLease, note: string | null): Promise<boolean> {
  const rows = await db
    .update(ucpOrderWebhooks)
    .set({ deliveredAt: sql`now()`, attempts: sql`${ucpOrderWebhooks.attempts} + 1`, lastError: note })
    .where(and(eq(ucpOrderWebhooks.id, id), isNull(ucpOrderWebhooks.deliveredAt), stillHeld(db, lease)))
    .returning({ id: ucpOrderWebhooks.id });
  return rows.length > 0;
}

/** A failed attempt: counted, and the next put off by delayMs (while the sender holds `lease`). */
export async function deferWebhook(
  db: Db,
  id: string,
  delayMs: number,
  error: string,
  lease: HeldLease,
): Promise<void> {
  await db
    .update(ucpOrderWebhooks)
    .set({
      attempts: sql`${ucpOrderWebhooks.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      lastError: error.slice(0, 500),
    })
    .where(and(eq(ucpOrderWebhooks.id, id), isNull(ucpOrderWebhooks.deliveredAt), stillHeld(db, lease)));
}
