import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { completedBuilds, orders, users } from '#api/db/schema.ts';

export type CompletedBuildRow = typeof completedBuilds.$inferSelect;

/** A completed build with what its public page shows of its order and builder: never an email. */
export type ShownRow = Pick<CompletedBuildRow, 'id' | 'orderId' | 'title' | 'story' | 'photos' | 'createdAt'> & {
  builder: string;
  paidCents: number;
  shippedAt: Date | null;
};

const shownColumns = {
  id: completedBuilds.id,
  orderId: completedBuilds.orderId,
  title: completedBuilds.title,
  story: completedBuilds.story,
  photos: completedBuilds.photos,
  createdAt: completedBuilds.createdAt,
  builder: sql<string>`coalesce(${users.userName}, '')`,
  paidCents: sql<number>`${orders.totalCents} - ${orders.refundedCents}`.mapWith(Number),
  shippedAt: orders.shippedAt,
};

const shown = isNull(completedBuilds.hiddenAt);

function selectShown(db: Db) {
  return db
    .select(shownColumns)
    .from(completedBuilds)
    .innerJoin(orders, eq(orders.id, completedBuilds.orderId))
    .leftJoin(users, eq(users.email, completedBuilds.email));
}

export async function insertCompletedBuild(
  db: Db,
  row: typeof completedBuilds.$inferInsert,
): Promise<CompletedBuildRow | undefined> {
  // The unique index on order_id decides a race between two posts of one order: the second inserts nothing.
  const [inserted] = await db.insert(completedBuilds).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findCompletedBuildOfOrder(db: Db, orderId: string): Promise<CompletedBuildRow | undefined> {
  const [row] = await db.select().from(completedBuilds).where(eq(completedBuilds.orderId, orderId)).limit(1);
  return row;
}

/** The gallery's page: shown builds, newest first (ids are UUIDv7, so id order is posting order). */
export function listShown(db: Db, limit: number, before?: string): Promise<ShownRow[]> {
  return selectShown(db)
    .where(and(shown, before === undefined ? undefined : lt(completedBuilds.id, before)))
    .orderBy(desc(completedBuilds.id))
    .limit(limit);
}

export async function findShown(db: Db, id: string): Promise<ShownRow | undefined> {
  const [row] = await selectShown(db)
    .where(and(eq(completedBuilds.id, id), shown))
    .limit(1);
  return row;
}

/** Locks the row for the owner's change, hidden or not. */
export async function lockCompletedBuild(db: Db, id: string): Promise<CompletedBuildRow | undefined> {
  const [row] = await db.select().from(completedBuilds).where(eq(completedBuilds.id, id)).limit(1).for('update');
  return row;
}

export async function setHidden(db: Db, id: string, by: string | null): Promise<CompletedBuildRow | undefined> {
  const [row] = await db
    .update(completedBuilds)
    .set(by === null ? { hiddenAt: null, hiddenBy: null } : { hiddenAt: sql`now()`, hiddenBy: by })
    .where(eq(completedBuilds.id, id))
    .returning();
  return row;
}
