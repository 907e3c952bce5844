import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { paymentGroupOrders, paymentGroups } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';

/** Payment groups (docs/product.md#paying-for-several-orders). */
export type PaymentGroupRow = typeof paymentGroups.$inferSelect;

/** The same orders always give the same key, in whatever order they were named. */
function memberKey(orderIds: readonly string[]): string {
  return createHash('sha256')
    .update([...orderIds].sort().join(','))
    .digest('hex');
}

/** Made on first use under the orders' locks, so two requests for the same orders share one group and intent. */
export async function groupFor(
  db: Db,
  group: { email: string; orderIds: readonly string[]; totalCents: number },
): Promise<PaymentGroupRow> {
  const key = memberKey(group.orderIds);
  const id = newId();
  const inserted = await db
    .insert(paymentGroups)
    .values({ id, email: group.email, memberKey: key, totalCents: group.totalCents })
    .onConflictDoNothing()
    .returning({ id: paymentGroups.id });
  if (inserted.length > 0) {
    await db.insert(paymentGroupOrders).values(group.orderIds.map((orderId) => ({ groupId: id, orderId })));
  }
  const [row] = await db
    .select()
    .from(paymentGroups)
    .where(and(eq(paymentGroups.email, group.email), eq(paymentGroups.memberKey, key)))
    .limit(1);
  if (!row) throw new Error('payment group vanished after insert');
  return row;
}

/** The orders a group pays, cancelled ones included (members outlive their order). */
export async function groupOrderIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: paymentGroupOrders.orderId })
    .from(paymentGroupOrders)
    .where(eq(paymentGroupOrders.groupId, groupId))
    .orderBy(asc(paymentGroupOrders.orderId));
  return rows.map((r) => r.orderId);
}

/** The order and every order it shares a group with, for locking them all in id order. */
export async function withGroupmates(db: Db, orderId: string): Promise<string[]> {
  const groups = db
    .select({ id: paymentGroupOrders.groupId })
    .from(paymentGroupOrders)
    .where(eq(paymentGroupOrders.orderId, orderId));
  const rows = await db
    .selectDistinct({ orderId: paymentGroupOrders.orderId })
    .from(paymentGroupOrders)
    .where(inArray(paymentGroupOrders.groupId, groups));
  return [...new Set([orderId, ...rows.map((r) => r.orderId)])];
}
