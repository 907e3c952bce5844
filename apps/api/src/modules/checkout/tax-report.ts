import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { TaxReport } from '@parts-shop/shared/checkout';
import { centsToPriceString } from '@parts-shop/shared/money';
import type { Db } from '#api/db/client.ts';

type ReportRow = {
  country: string;
  region: string;
  orders: number;
  goods: string | bigint;
  shipping: string | bigint;
  tax: string | bigint;
};

/**
 * GET /reports/tax: orders paid in the month (in the shop's time zone) by destination, net of their refunds, with
 * the tax they stored: what an owner files. Goods and shipping are net of tax.
 */
export async function taxReport(db: Db, timeZone: string, month: string): Promise<TaxReport> {
  const start = sql`((${`${month}-01`}::date)::timestamp at time zone ${timeZone})`;
  const end = sql`(((${`${month}-01`}::date + interval '1 month'))::timestamp at time zone ${timeZone})`;
  const result: unknown = await db.execute(sql`
    with paid as (
      select o.id, o.ship_country, o.ship_region,
             o.total_cents - o.tax_cents - (o.shipping_cents - case when o.prices_include_tax then o.shipping_tax_cents else 0 end) as goods,
             o.shipping_cents - case when o.prices_include_tax then o.shipping_tax_cents else 0 end as shipping,
             o.tax_cents as tax
      from orders o where o.paid_at >= ${start} and o.paid_at < ${end}
    ), back as (
      select r.order_id,
             sum(r.amount_cents - r.tax_cents - r.shipping_cents) as goods,
             sum(r.shipping_cents) as shipping,
             sum(r.tax_cents) as tax
      from order_refunds r where r.order_id in (select id from paid)
      group by r.order_id
    )
    select p.ship_country as "country", p.ship_region as "region", count(*)::int as "orders",
           sum(p.goods - coalesce(b.goods, 0))::bigint as "goods",
           sum(p.shipping - coalesce(b.shipping, 0))::bigint as "shipping",
           sum(p.tax - coalesce(b.tax, 0))::bigint as "tax"
    from paid p left join back b on b.order_id = p.id
    group by p.ship_country, p.ship_region
    order by p.ship_country, p.ship_region`);
  const rows = (result as { rows: ReportRow[] }).rows;
  return {
    month,
    rows: rows.map((row) => ({
      country: row.country,
      region: row.region,
      orders: row.orders,
      goods: centsToPriceString(Number(row.goods)),
      shipping: centsToPriceString(Number(row.shipping)),
      tax: centsToPriceString(Number(row.tax)),
    })),
  };
}

export function taxReportCsv(report: TaxReport): string {
  return stringify([
    ['month', 'country', 'region', 'orders', 'goods', 'shipping', 'tax'],
    ...report.rows.map((r) => [report.month, r.country, r.region, String(r.orders), r.goods, r.shipping, r.tax]),
  ]);
}
