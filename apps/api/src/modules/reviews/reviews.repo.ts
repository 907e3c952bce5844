import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { reviews } from '#api/db/schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

export function listReviews(db: Db, limit: number, before?: string): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(before ? lt(reviews.id, before) : undefined)
    .orderBy(desc(reviews.id))
    .limit(limit);
}

export async function insertReview(db: Db, row: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [inserted] = await db.insert(reviews).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** The review as it was, or undefined when there was none. */
export async function deleteReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [deleted] = await db.delete(reviews).where(eq(reviews.id, id)).returning();
  return deleted;
}
