import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { builds } from '#api/db/schema.ts';

export type BuildRow = typeof builds.$inferSelect;
export type BuildItems = BuildRow['items'];

// Keyset paging written out per repo: a generic query over Drizzle tables would hide the SQL.
export function listBuilds(db: Db, email: string, limit: number, before?: string): Promise<BuildRow[]> {
  const filters = [eq(builds.email, email)];
  if (before !== undefined) filters.push(lt(builds.id, before));
  return db
    .select()
    .from(builds)
    .where(and(...filters))
    .orderBy(desc(builds.id))
    .limit(limit);
}

/** One build, only when it belongs to `email`: someone else's build does not exist for the caller. */
export async function findOwnBuild(db: Db, email: string, id: string): Promise<BuildRow | undefined> {
  const [row] = await db
    .select()
    .from(builds)
    .where(and(eq(builds.id, id), eq(builds.email, email)))
    .limit(1);
  return row;
}

export async function insertBuild(db: Db, row: typeof builds.$inferInsert): Promise<BuildRow> {
  const [inserted] = await db.insert(builds).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

// Written out like the other guarded updates (a WHERE that only the right row passes, then
// RETURNING): the condition is the rule, so it stays in the statement where it is read.
export async function updateOwnBuild(
  db: Db,
  email: string,
  id: string,
  change: { name?: string; items?: BuildItems; savedTotalCents?: number },
): Promise<BuildRow | undefined> {
  const [row] = await db
    .update(builds)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(builds.id, id), eq(builds.email, email)))
    .returning();
  return row;
}

export async function deleteOwnBuild(db: Db, email: string, id: string): Promise<number> {
  const deleted = await db
    .delete(builds)
    .where(and(eq(builds.id, id), eq(builds.email, email)))
    .returning({ id: builds.id });
  return deleted.length;
}
