import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { discounts, orderDiscounts } from '#api/db/schema.ts';

export type DiscountRow = typeof discounts.$inferSelect;
export type NewDiscountRow = typeof discounts.$inferInsert;

/** Uses not released and the cents they gave, per discount. */
export type DiscountTally = { uses: number; givenCents: number };

export async function listDiscountRows(db: Db): Promise<DiscountRow[]> {
  return db.select().from(discounts).orderBy(asc(discounts.priority), asc(discounts.id));
}

export async function findDiscountRow(db: Db, id: string, lock = false): Promise<DiscountRow | undefined> {
  const query = db.select().from(discounts).where(eq(discounts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Undefined when another discount has the code in some case (the only unique index a new id can meet). */
export async function insertDiscountRow(db: Db, row: NewDiscountRow): Promise<DiscountRow | undefined> {
  const [inserted] = await db.insert(discounts).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateDiscountRow(db: Db, id: string, change: Partial<NewDiscountRow>): Promise<DiscountRow> {
  const [updated] = await db.update(discounts).set(change).where(eq(discounts.id, id)).returning();
  if (!updated) throw new Error('discount update returned nothing');
  return updated;
}

export async function deleteDiscountRow(db: Db, id: string): Promise<void> {
  await db.delete(discounts).where(eq(discounts.id, id));
}

/** Whether any order, live or released, carries the discount: its record must stay. */
export async function discountIsCarried(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.discountId, id))
    .limit(1);
  return row !== undefined;
}

/** Live uses and money given, for the admin list (released uses are neither). */
export async function tallies(db: Db, ids: readonly string[]): Promise<Map<string, DiscountTally>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: orderDiscounts.discountId,
      uses: sql<number>`count(*)::int`,
      givenCents: sql<number>`coalesce(sum(${orderDiscounts.amountCents}), 0)::int`,
    })
    .from(orderDiscounts)
    .where(and(inArray(orderDiscounts.discountId, [...ids]), isNull(orderDiscounts.releasedAt)))
    .groupBy(orderDiscounts.discountId);
  return new Map(rows.map((r) => [r.id, { uses: r.uses, givenCents: r.givenCents }]));
}
