import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { strayPaymentRefunds } from '#api/db/schema.ts';

export type StrayRefundRow = typeof strayPaymentRefunds.$inferSelect;
export type StrayRefundReason = StrayRefundRow['reason'];

/** Records that a payment must be refunded; a payment already recorded keeps its first row. */
export async function recordStrayRefund(db: Db, row: typeof strayPaymentRefunds.$inferInsert): Promise<StrayRefundRow> {
  await db.insert(strayPaymentRefunds).values(row).onConflictDoNothing();
  const [stored] = await db
    .select()
    .from(strayPaymentRefunds)
    .where(eq(strayPaymentRefunds.paymentId, row.paymentId))
    .limit(1);
  if (!stored) throw new Error('refund row vanished after insert');
  return stored;
}

/** Which of these payments are being or were refunded: their money pays no order. */
export async function strayRefundedAmong(db: Db, paymentIds: readonly string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ paymentId: strayPaymentRefunds.paymentId })
    .from(strayPaymentRefunds)
    .where(inArray(strayPaymentRefunds.paymentId, [...paymentIds]));
  return new Set(rows.map((r) => r.paymentId));
}

export async function markStrayRefunded(db: Db, paymentId: string, refundId: string): Promise<void> {
  await db
    .update(strayPaymentRefunds)
    .set({ status: 'succeeded', refundId, updatedAt: sql`now()` })
    .where(eq(strayPaymentRefunds.paymentId, paymentId));
}

/** Refunds the gateway has not confirmed yet and nobody has touched for a while (a crash, an outage). */
export function stalePendingStrayRefunds(db: Db, olderThanSeconds: number, limit: number): Promise<StrayRefundRow[]> {
  return db
    .select()
    .from(strayPaymentRefunds)
    .where(
      and(
        eq(strayPaymentRefunds.status, 'pending'),
        lt(strayPaymentRefunds.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(limit);
}
