import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { fireAlerts } from '../alerts/fire-alerts.ts';
import { returnStock } from '../stock/stock.repo.ts';
import type { OrderRow } from './orders.repo.ts';

/**
 * The one way an order's units go back on the shelf (a cancel, a refund, a received return):
 * quantity q of part p on this order. Call it under the part's and the order's locks. An
 * order holds one part today, so that part is its only line; the order's restocked count
 * (and its check) keeps any mix of cancels, refunds and returns from putting back more
 * than was sold. Answers false when p is not on the order or q is more than is left.
 */
export async function restockOrderPart(db: Db, order: OrderRow, partId: string, quantity: number): Promise<boolean> {
  if (quantity === 0) return true;
  if (partId !== order.partId || quantity < 0 || quantity > order.totalOrder - order.restockedUnits) return false;
  await db
    .update(orders)
    .set({ restockedUnits: sql`${orders.restockedUnits} + ${quantity}` })
    .where(eq(orders.id, order.id));
  await returnStock(db, partId, quantity);
  await fireAlerts(db, partId);
  return true;
}
