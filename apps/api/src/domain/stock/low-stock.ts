import { eq, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { parts, users } from '#api/db/schema.ts';
import { queueEmail } from '../emails/outbox.repo.ts';

/** Compares new with old stock under the row lock, so only the order that crossed the mark sees true. */
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
