import { inArray, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { orderRefunds } from '#api/db/schema.ts';
import type { OrderLineRow, OrderRow } from './orders.repo.ts';

/** A line refunded in full is no longer bought and has nothing to return (docs/security.md). */
export type LineRefunds = {
  /** Cents of the refunds and received returns named for the line. */
  cents: number;
  /** Units of the line that refunds (not returns, which count as asked back) put back on the shelf. */
  restocked: number;
};

const NONE: LineRefunds = { cents: 0, restocked: 0 };

export async function refundsByLine(db: Db, lineIds: readonly string[]): Promise<Map<string, LineRefunds>> {
  const byLine = new Map<string, LineRefunds>();
  if (lineIds.length === 0) return byLine;
  const rows = await db
    .select({
      lineId: orderRefunds.lineId,
      cents: sql<number>`sum(${orderRefunds.amountCents})`.mapWith(Number),
      restocked:
        sql<number>`coalesce(sum(${orderRefunds.restockedUnits}) filter (where ${orderRefunds.cause} = 'refund'), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderRefunds)
    .where(inArray(orderRefunds.lineId, [...lineIds]))
    .groupBy(orderRefunds.lineId);
  for (const row of rows) if (row.lineId) byLine.set(row.lineId, { cents: row.cents, restocked: row.restocked });
  return byLine;
}

/** Whether the line's money is all back: its order refunded in full, or the refunds named for it cover its worth. */
export function refundedInFull(
  order: Pick<OrderRow, 'refundedCents' | 'totalCents' | 'pricesIncludeTax'>,
  line: Pick<OrderLineRow, 'quantity' | 'unitPriceCents' | 'taxCents'> & { discountCents?: number },
  refunds: LineRefunds = NONE,
): boolean {
  const worth =
    line.quantity * line.unitPriceCents - (line.discountCents ?? 0) + (order.pricesIncludeTax ? 0 : line.taxCents);
  return order.refundedCents >= order.totalCents || refunds.cents >= worth;
}

/** Units of a shipped line its buyer may still send back, before counting the returns already asked. */
export function unitsReturnable(
  order: Pick<OrderRow, 'refundedCents' | 'totalCents' | 'pricesIncludeTax'>,
  line: Pick<OrderLineRow, 'quantity' | 'unitPriceCents' | 'taxCents'>,
  refunds: LineRefunds = NONE,
): number {
  return refundedInFull(order, line, refunds) ? 0 : line.quantity - refunds.restocked;
}
