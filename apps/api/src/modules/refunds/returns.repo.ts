import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { ReturnStatus } from '@parts-shop/shared/refunds';
import type { Db } from '#api/db/client.ts';
import { orderReturns } from '#api/db/schema.ts';
import { newId } from '#api/lib/ids.ts';

export type ReturnRow = typeof orderReturns.$inferSelect;

export async function insertReturn(
  db: Db,
  row: Pick<typeof orderReturns.$inferInsert, 'orderId' | 'lines' | 'reason'>,
): Promise<ReturnRow> {
  const [inserted] = await db
    .insert(orderReturns)
    .values({ ...row, id: newId() })
    .returning();
  if (!inserted) throw new Error('return row vanished after insert');
  return inserted;
}

export function returnsOfOrder(db: Db, orderId: string): Promise<ReturnRow[]> {
  return db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId)).orderBy(asc(orderReturns.id));
}

/** Units of each part already asked back on an order by requests not rejected. */
export async function unitsAskedBack(db: Db, orderId: string): Promise<Map<string, number>> {
  const asked = new Map<string, number>();
  const rows = await db
    .select({ lines: orderReturns.lines })
    .from(orderReturns)
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, 'rejected')));
  for (const line of rows.flatMap((r) => r.lines))
    asked.set(line.partId, (asked.get(line.partId) ?? 0) + line.quantity);
  return asked;
}

export async function findReturn(db: Db, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id)).limit(1);
  return row;
}

/** Holds the return's row under the order's lock, so two decisions on it queue. */
export async function lockReturn(db: Db, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, id)).limit(1).for('update');
  return row;
}

export async function decideReturn(
  db: Db,
  id: string,
  decision: { status: ReturnStatus; restocked: boolean; refundedCents: number; decidedBy: string },
): Promise<ReturnRow> {
  const [row] = await db
    .update(orderReturns)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(eq(orderReturns.id, id))
    .returning();
  if (!row) throw new Error('return row vanished on update');
  return row;
}

/** Manage Orders' returns: those in the given states, newest first, paged by id. */
export function listReturns(
  db: Db,
  statuses: readonly ReturnStatus[],
  limit: number,
  before?: string,
): Promise<ReturnRow[]> {
  const filters = [inArray(orderReturns.status, [...statuses])];
  if (before !== undefined) filters.push(lt(orderReturns.id, before));
  return db
    .select()
    .from(orderReturns)
    .where(and(...filters))
    .orderBy(desc(orderReturns.id))
    .limit(limit);
}
