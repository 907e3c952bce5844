import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderLines, orders, partReviews, parts, users } from '#api/db/schema.ts';

export type PartReviewRow = typeof partReviews.$inferSelect;

export function listPartReviews(db: Db, partId: string, limit: number, before?: string): Promise<PartReviewRow[]> {
  return db
    .select()
    .from(partReviews)
    .where(and(eq(partReviews.partId, partId), before ? lt(partReviews.id, before) : undefined))
    .orderBy(desc(partReviews.id))
    .limit(limit);
}

/** The author's verified flag and profile name; undefined when they have no row. */
export async function findAuthor(db: Db, email: string) {
  const [row] = await db
    .select({ verified: users.emailVerified, name: users.userName })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

/** The customer's lines for the part on paid orders that were not cancelled (a refunded cancel bought nothing), with their order's money. */
export function paidLinesFor(db: Db, email: string, partId: string) {
  return db
    .select({
      id: orderLines.id,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      taxCents: orderLines.taxCents,
      refundedCents: orders.refundedCents,
      totalCents: orders.totalCents,
      pricesIncludeTax: orders.pricesIncludeTax,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(eq(orders.email, email), eq(orderLines.partId, partId), eq(orders.paid, true), isNull(orders.cancelledAt)),
    );
}

/** Whether the customer has rated the part already. */
export async function hasRated(db: Db, email: string, partId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(partReviews)
    .where(and(eq(partReviews.authorEmail, email), eq(partReviews.partId, partId)))
    .limit(1);
  return row !== undefined;
}

/** The unique (part, author) index decides concurrent posts: the second inserts nothing (false). */
export function insertPartReview(db: Db, row: typeof partReviews.$inferInsert): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(partReviews)
      .values(row)
      .onConflictDoNothing({ target: [partReviews.partId, partReviews.authorEmail] })
      .returning({ id: partReviews.id });
    if (inserted.length === 0) return false;
    await tx
      .update(parts)
      .set({ ratingCount: sql`${parts.ratingCount} + 1`, ratingSum: sql`${parts.ratingSum} + ${row.rating}` })
      .where(eq(parts.id, row.partId));
    return true;
  });
}
