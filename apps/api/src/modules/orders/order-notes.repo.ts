import { asc, eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderNotes } from '#api/db/schema.ts';

export type OrderNoteRow = typeof orderNotes.$inferSelect;

export async function insertOrderNote(db: Db, row: typeof orderNotes.$inferInsert): Promise<OrderNoteRow> {
  const [inserted] = await db.insert(orderNotes).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** Oldest first, as a conversation reads; an order holds a handful, so there is no paging. */
export function notesOf(db: Db, orderId: string): Promise<OrderNoteRow[]> {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id));
}
