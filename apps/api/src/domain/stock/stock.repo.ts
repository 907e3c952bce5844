import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { parts } from '#api/db/schema.ts';
import { fellToLowStock } from './low-stock.ts';

/**
 * Stock on the shelf (`parts.available`): the one place that takes units off and puts them
 * back, for every kind of order that holds stock.
 */

/**
 * Takes q units off the shelf if, and only if, the quantity is allowed and still in stock
 * (docs/product.md#stock).
 * One statement, so concurrent buyers on any number of API processes can never drive
 * `available` below zero; the row lock it takes lasts until the caller's transaction commits.
 */
export async function reserveStock(db: Db, partId: string, quantity: number) {
  const [row] = await db
    .update(parts)
    .set({ available: sql`${parts.available} - ${quantity}` })
    .where(and(eq(parts.id, partId), gte(parts.available, quantity), lte(parts.minOrder, quantity)))
    .returning({
      id: parts.id,
      name: parts.name,
      priceCents: parts.priceCents,
      minOrder: parts.minOrder,
      available: parts.available,
      lowStockAt: parts.lowStockAt,
      fellLow: fellToLowStock(-quantity),
    });
  return row;
}

/** Holds a part's row; releasing stock takes the part's row before the order's, as deleting a part does. */
export async function lockPart(db: Db, partId: string): Promise<void> {
  await db.select({ id: parts.id }).from(parts).where(eq(parts.id, partId)).for('update');
}

export async function findPartStock(db: Db, partId: string) {
  const [row] = await db
    .select({ minOrder: parts.minOrder, available: parts.available })
    .from(parts)
    .where(eq(parts.id, partId))
    .limit(1);
  return row;
}

/** Gives units back; a part deleted meanwhile simply has no row to update. */
export async function returnStock(db: Db, partId: string, quantity: number): Promise<void> {
  await db
    .update(parts)
    .set({ available: sql`${parts.available} + ${quantity}` })
    .where(eq(parts.id, partId));
}

/**
 * An admin's restock or write-off: moves stock by delta in one statement (adding to what
 * concurrent orders left, never writing back a number read earlier), and only when the
 * result stays within 0..max. Answers the part's new stock (and whether it fell to its low-stock
 * mark), or undefined when it would leave that range.
 */
export async function adjustStock(db: Db, partId: string, delta: number, max: number) {
  const [row] = await db
    .update(parts)
    .set({ available: sql`${parts.available} + ${delta}` })
    .where(and(eq(parts.id, partId), sql`${parts.available} + ${delta} between 0 and ${max}`))
    .returning({
      id: parts.id,
      name: parts.name,
      available: parts.available,
      lowStockAt: parts.lowStockAt,
      fellLow: fellToLowStock(delta),
    });
  return row;
}
