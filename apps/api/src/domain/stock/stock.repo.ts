import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { parts } from '#api/db/schema.ts';
import { fellToLowStock } from './low-stock.ts';

/** The one place that takes units off the shelf and puts them back. */

/** One conditional statement, so concurrent buyers never drive `available` below zero. */
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
      kind: parts.kind,
      brand: parts.brand,
      weightGrams: parts.weightGrams,
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

/** Moves stock by delta in one statement, never writing back a number read earlier; only within 0..max. */
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
