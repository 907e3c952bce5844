import { eq, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { parts, users } from '#api/db/schema.ts';
import { queueEmail } from '../emails/outbox.repo.ts';

/**
 * A part's stock falling to its low-stock threshold (docs/product.md#low-stock). The test is
 * part of the UPDATE that moves the stock: it compares the row's new stock with what it was
 * (new minus the change), under the row lock the update holds, so of two orders that both
 * move the stock only the one that crossed the threshold sees true, and the admins get one
 * email per fall, not per order.
 */
export function fellToLowStock(change: number) {
  return sql<boolean>`coalesce(${parts.available} <= ${parts.lowStockAt} and ${parts.available} - ${change} > ${parts.lowStockAt}, false)`;
}

/** When the move fell to the threshold, queues one email to each admin, in the transaction that moved the stock. */
export async function mailLowStock(
  db: Db,
  part: { id: string; name: string; available: number; lowStockAt: number | null; fellLow: boolean },
): Promise<void> {
  if (!part.fellLow || part.lowStockAt === null) return;
  const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  for (const admin of admins) {
    await queueEmail(db, admin.email, {
      kind: 'low-stock',
      partId: part.id,
      partName: part.name,
      available: part.available,
      lowStockAt: part.lowStockAt,
    });
  }
}
