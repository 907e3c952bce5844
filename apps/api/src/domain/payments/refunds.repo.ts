import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { refunds } from '#api/db/schema.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason = RefundRow['reason'];

/** Records that a payment must be given back; a payment already recorded keeps its first row. */
export async function recordRefund(db: Db, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  await db.insert(refunds).values(row).onConflictDoNothing();
  const [stored] = await db.select().from(refunds).where(eq(refunds.paymentId, row.paymentId)).limit(1);
  if (!stored) throw new Error('refund row vanished after insert');
  return stored;
}

/** Which of these payments are being or were given back: their money pays no order. */
export async function refundedAmong(db: Db, paymentIds: readonly string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ paymentId: refunds.paymentId })
    .from(refunds)
    .where(inArray(refunds.paymentId, [...paymentIds]));
  return new Set(rows.map((r) => r.paymentId));
}

export async function markRefunded(db: Db, paymentId: string, refundId: string): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'succeeded', refundId, updatedAt: sql`now()` })
    .where(eq(refunds.paymentId, paymentId));
}

/** Refunds the gateway has not confirmed yet and nobody has touched for a while (a crash, an outage). */
export function stalePendingRefunds(db: Db, olderThanSeconds: number, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lt(refunds.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(limit);
}
