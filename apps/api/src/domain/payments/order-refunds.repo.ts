import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderRefunds, orders } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/**
 * Books a refund row and the order's refunded total under the caller's lock; a check keeps it within what was paid.
 */
export async function bookRefund(
  db: Db,
  row: Omit<typeof orderRefunds.$inferInsert, 'id' | 'status' | 'refundId'>,
): Promise<OrderRefundRow> {
  const [booked] = await db
    .insert(orderRefunds)
    .values({ ...row, id: newId() })
    .returning();
  if (!booked) throw new Error('refund row vanished after insert');
  await db
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${row.amountCents}` })
    .where(eq(orders.id, row.orderId));
  return booked;
}

export async function markOrderRefundDone(db: Db, id: string, refundId: string): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ status: 'succeeded', refundId, updatedAt: sql`now()` })
    .where(eq(orderRefunds.id, id));
}

export function refundsOfOrder(db: Db, orderId: string): Promise<OrderRefundRow[]> {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id));
}

/** Refunds the gateway has not confirmed and nobody has touched for a while (a crash, an outage). */
export function staleOrderRefunds(db: Db, olderThanSeconds: number, limit: number): Promise<OrderRefundRow[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.status, 'pending'),
        lt(orderRefunds.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(limit);
}
