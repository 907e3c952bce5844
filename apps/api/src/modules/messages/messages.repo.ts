import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertMessage(db: Db, row: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(row);
}

export function latestMessages(db: Db, limit: number) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(limit);
}
