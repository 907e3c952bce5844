import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderLines } from '#api/db/schema.ts';
import { fireAlerts } from '../alerts/fire-alerts.ts';
import { returnStock } from '../stock/stock.repo.ts';
import type { OrderLineRow, OrderRow } from './orders.repo.ts';

/** Units of a line not yet back on the shelf. */
export const unitsLeftToRestock = (line: OrderLineRow): number => line.quantity - line.restockedUnits;

/**
 * The one way an order's units go back on the shelf (a cancel, a refund, a received return):
 * quantity q of part p on this order, counted on the order's line for p (a part is on one
 * line of an order). Call it under the part's and the order's locks. The line's restocked
 * count (and its check) keeps any mix of cancels, refunds and returns from putting back more
 * than the line sold. Answers false when p is not on the order or q is more than its line has left.
 */
export async function restockOrderPart(db: Db, order: OrderRow, partId: string, quantity: number): Promise<boolean> {
  if (quantity === 0) return true;
  if (quantity < 0) return false;
  const [line] = await db
    .update(orderLines)
    .set({ restockedUnits: sql`${orderLines.restockedUnits} + ${quantity}` })
    .where(
      and(
        eq(orderLines.orderId, order.id),
        eq(orderLines.partId, partId),
        sql`${orderLines.restockedUnits} + ${quantity} <= ${orderLines.quantity}`,
      ),
    )
    .returning({ id: orderLines.id });
  if (!line) return false;
  await returnStock(db, partId, quantity);
  await fireAlerts(db, partId);
  return true;
}
