import { and, asc, inArray, isNull } from 'drizzle-orm';
import { centsToDollars } from '@parts-shop/shared/money';
import type { AppliedDiscount } from '@parts-shop/shared/discount';
import type { Db } from '#api/db/client.ts';
import { orderDiscounts } from '#api/db/schema.ts';

export type OrderDiscountRow = typeof orderDiscounts.$inferSelect;

export async function insertOrderDiscounts(
  db: Db,
  rows: (typeof orderDiscounts.$inferInsert)[],
): Promise<OrderDiscountRow[]> {
  if (rows.length === 0) return [];
  return db.insert(orderDiscounts).values(rows).returning();
}

/**
 * Gives the orders' uses back (a cancel, an expiry, a payment that failed for good), in the transaction that ends
 * them; the amounts stay on record.
 */
export async function releaseDiscountUses(db: Db, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(orderDiscounts)
    .set({ releasedAt: new Date() })
    .where(and(inArray(orderDiscounts.orderId, [...orderIds]), isNull(orderDiscounts.releasedAt)));
}

export async function discountsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderDiscountRow[]>> {
  const byOrder = new Map<string, OrderDiscountRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderDiscounts)
    .where(inArray(orderDiscounts.orderId, [...orderIds]))
    .orderBy(asc(orderDiscounts.orderId), asc(orderDiscounts.position));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export const appliedOf = (rows: readonly OrderDiscountRow[]): AppliedDiscount[] =>
  rows.map((row) => ({
    discountId: row.discountId,
    code: row.code,
    title: row.title,
    kind: row.kind,
    amount: centsToDollars(row.amountCents),
  }));
