import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';

export type PartRow = typeof parts.$inferSelect;

export function listParts(db: Db, limit: number, before?: string): Promise<PartRow[]> {
  return db
    .select()
    .from(parts)
    .where(before ? lt(parts.id, before) : undefined)
    .orderBy(desc(parts.id))
    .limit(limit);
}

export async function findPart(db: Db, id: string): Promise<PartRow | undefined> {
  const [row] = await db.select().from(parts).where(eq(parts.id, id)).limit(1);
  return row;
}

export async function insertPart(db: Db, row: typeof parts.$inferInsert): Promise<PartRow> {
  const [inserted] = await db.insert(parts).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

export async function deletePart(db: Db, id: string): Promise<number> {
  const deleted = await db.delete(parts).where(eq(parts.id, id)).returning({ id: parts.id });
  return deleted.length;
}
