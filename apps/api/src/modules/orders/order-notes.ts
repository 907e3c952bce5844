import type { NewOrderNote, OrderNote } from '@parts-shop/shared/order';
import type { Db } from '#api/db/client.ts';
import { recordChange } from '#api/domain/audit/record-change.ts';
import { orderNotFound } from '#api/domain/orders/order-view.ts';
import { findOrderRecord } from '#api/domain/orders/orders.repo.ts';
import type { Caller } from '#api/lib/auth.ts';
import { newId } from '#api/lib/ids.ts';
import { insertOrderNote, notesOf, type OrderNoteRow } from './order-notes.repo.ts';

/**
 * Staff notes (docs/product.md#staff-notes): only the admin routes read this table, so no customer's or assistant's
 * answer can carry a note.
 */
const toNote = (row: OrderNoteRow): OrderNote => ({
  id: row.id,
  text: row.text,
  author: row.authorEmail,
  at: row.createdAt.toISOString(),
});

export async function listOrderNotes(db: Db, orderId: string): Promise<OrderNote[]> {
  if (!(await findOrderRecord(db, orderId))) throw orderNotFound();
  return (await notesOf(db, orderId)).map(toNote);
}

/** Notes are added, never edited: the audit log and the note say the same thing. */
export function addOrderNote(db: Db, caller: Caller, orderId: string, input: NewOrderNote): Promise<OrderNote> {
  return db.transaction(async (tx) => {
    if (!(await findOrderRecord(tx, orderId))) throw orderNotFound();
    const row = await insertOrderNote(tx, { id: newId(), orderId, authorEmail: caller.email, text: input.text });
    await recordChange(tx, caller, {
      kind: 'order.note',
      entity: 'order',
      entityId: orderId,
      before: null,
      after: { note: input.text },
    });
    return toNote(row);
  });
}
