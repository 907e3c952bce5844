import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderLines } from '#api/db/schema.ts';
import { fireAlerts } from '../alerts/fire-alerts.ts';
import { returnStock } from '../stock/stock.repo.ts';
import type { OrderLineRow, OrderRow } from './orders.repo.ts';

export const unitsLeftToRestock = (line: OrderLineRow): number => line.quantity - line.restockedUnits;

/** The one way an order's units go back; the line's restocked count keeps them within what it sold. */
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
