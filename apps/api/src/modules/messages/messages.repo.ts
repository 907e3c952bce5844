import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { contactMessages } from '#api/db/schema.ts';

export type MessageRow = typeof contactMessages.$inferSelect;

export async function insertMessage(db: Db, row: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(row);
}

export function latestMessages(db: Db, limit: number, before?: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(contactMessages)
    .where(before === undefined ? undefined : lt(contactMessages.id, before))
    .orderBy(desc(contactMessages.id))
    .limit(limit);
}

export async function countUnread(db: Db): Promise<number> {
  const [row] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.unread ?? 0;
}

/** Read keeps the first time it was opened; unread clears it. */
export async function setRead(db: Db, id: string, read: boolean): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

/** The row lock and the `reply is null` re-check make two admins replying at once send one email. */
export async function recordReply(db: Db, id: string, reply: string, by: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({
      reply,
      repliedBy: by,
      repliedAt: sql`now()`,
      readAt: sql`coalesce(${contactMessages.readAt}, now())`,
    })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.reply)))
    .returning();
  return row;
}

/** The message, its row locked until the transaction ends, so its state before a change is the one changed. */
export async function lockMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

export async function messageById(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}
