import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { isLowStock, orderLines, orders, parts } from '#api/db/schema.ts';
import { shippable } from '#api/domain/orders/orders.repo.ts';

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
async function rowsOf<Row>(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

// Sums come back as bigint, which the drivers answer as strings or BigInts.
export type DayRow = { date: string; revenueCents: string | bigint; refundsCents: string | bigint; orders: number };

/** Paid, refunded and placed per day in `timeZone`, each sum through its own index; empty days are zeros. */
export function dailyFigures(db: Db, timeZone: string, days: number): Promise<DayRow[]> {
  const since = windowStart(timeZone, days);
  const today = sql`(now() at time zone ${timeZone})::date`;
  return rowsOf<DayRow>(
    db,
    sql`with facts (day, paid, given_back, placed) as (
          select (o.paid_at at time zone ${timeZone})::date, o.total_cents, 0, 0
          from orders o where o.paid_at >= ${since}
          union all
          select (r.created_at at time zone ${timeZone})::date, 0, r.amount_cents, 0
          from order_refunds r where r.created_at >= ${since}
          union all
          select (o.created_at at time zone ${timeZone})::date, 0, 0, 1
          from orders o where o.created_at >= ${since}
          union all
          select ${today} - i, 0, 0, 0 from generate_series(0, ${days - 1}::int) as i
        )
        select to_char(day, 'YYYY-MM-DD') as "date",
               sum(paid)::bigint as "revenueCents",
               sum(given_back)::bigint as "refundsCents",
               sum(placed)::int as "orders"
        from facts
        where day <= ${today}
        group by day
        order by day`,
  );
}

export type TakenRow = { goods: string | bigint; shipping: string | bigint; tax: string | bigint };

/**
 * The window's money paid less its refunds, split into goods, shipping (net of its tax) and tax. A refund's tax and
 * shipping shares are stored with it, so the split needs no arithmetic after the fact.
 */
export async function moneyTaken(db: Db, timeZone: string, days: number): Promise<TakenRow> {
  const since = windowStart(timeZone, days);
  const [row] = await rowsOf<TakenRow>(
    db,
    sql`with money (goods, shipping, tax) as (
          select o.total_cents - o.tax_cents - (o.shipping_cents - case when o.prices_include_tax then o.shipping_tax_cents else 0 end),
                 o.shipping_cents - case when o.prices_include_tax then o.shipping_tax_cents else 0 end,
                 o.tax_cents
          from orders o where o.paid_at >= ${since}
          union all
          select r.tax_cents + r.shipping_cents - r.amount_cents, -r.shipping_cents, -r.tax_cents
          from order_refunds r where r.created_at >= ${since}
        )
        select coalesce(sum(goods), 0)::bigint as "goods", coalesce(sum(shipping), 0)::bigint as "shipping",
               coalesce(sum(tax), 0)::bigint as "tax"
        from money`,
  );
  return row ?? { goods: 0n, shipping: 0n, tax: 0n };
}

const live = isNull(orders.cancelledAt);

/** Orders waiting to ship or to be paid: live and not shipped, which orders_open_idx holds alone. */
export async function openOrderCounts(db: Db): Promise<{ toShip: number; unpaid: number }> {
  const [row] = await db
    .select({
      toShip: sql<number>`count(*) filter (where ${shippable})`.mapWith(Number),
      unpaid: sql<number>`count(*) filter (where not ${orders.paid})`.mapWith(Number),
    })
    .from(orders)
    .where(and(live, eq(orders.shipped, false)));
  return row ?? { toShip: 0, unpaid: 0 };
}

const LOW_STOCK_LIST = 20;

/** Parts running low (schema.ts's `isLowStock`), fewest left first, through parts_low_stock_idx. */
export function lowStockParts(db: Db) {
  return db
    .select({ id: parts.id, name: parts.name, available: parts.available })
    .from(parts)
    .where(isLowStock(parts.available, parts.lowStockAt))
    .orderBy(asc(parts.available), asc(parts.name))
    .limit(LOW_STOCK_LIST);
}

const TOP_PARTS = 5;

/** Best sellers by money paid in the window, through order_lines_sold_idx. */
export function topSellers(db: Db, timeZone: string, days: number) {
  const revenueCents = sql<number>`sum(${orderLines.quantity} * ${orderLines.unitPriceCents})`.mapWith(Number);
  return (
    db
      .select({
        partId: orderLines.partId,
        name: sql<string>`min(${orderLines.productName})`,
        units: sql<number>`sum(${orderLines.quantity})`.mapWith(Number),
        revenueCents,
      })
      .from(orderLines)
      .where(gte(orderLines.soldAt, windowStart(timeZone, days)))
      // A deleted part's lines keep their name: they count under it.
      .groupBy(orderLines.partId, sql`case when ${orderLines.partId} is null then ${orderLines.productName} end`)
      .orderBy(desc(revenueCents), asc(orderLines.partId))
      .limit(TOP_PARTS)
  );
}

/** Midnight, in the shop's zone, of the window's first day, as an instant. */
function windowStart(timeZone: string, days: number) {
  return sql`(((now() at time zone ${timeZone})::date - ${days - 1}::int)::timestamp at time zone ${timeZone})`;
}
