import { centsToPriceString } from '@parts-shop/shared/money';
import type { Overview } from '@parts-shop/shared/overview';
import type { Db } from '#api/db/client.ts';
import { dailyFigures, lowStockParts, moneyTaken, openOrderCounts, topSellers } from './overview.repo.ts';

/** The admin overview (docs/product.md#dashboard); sums are in cents until they leave here. */
export async function overview(db: Db, timeZone: string, days: number): Promise<Overview> {
  const [figures, taken, open, lowStock, top] = await Promise.all([
    dailyFigures(db, timeZone, days),
    moneyTaken(db, timeZone, days),
    openOrderCounts(db),
    lowStockParts(db),
    topSellers(db, timeZone, days),
  ]);
  return {
    days: figures.map((day) => ({
      date: day.date,
      revenue: centsToPriceString(Number(day.revenueCents)),
      refunds: centsToPriceString(Number(day.refundsCents)),
      orders: day.orders,
    })),
    taken: {
      goods: centsToPriceString(Number(taken.goods)),
      shipping: centsToPriceString(Number(taken.shipping)),
      tax: centsToPriceString(Number(taken.tax)),
    },
    toShip: open.toShip,
    unpaid: open.unpaid,
    lowStock,
    topParts: top.map((part) => ({
      partId: part.partId,
      name: part.name,
      units: part.units,
      revenue: centsToPriceString(part.revenueCents),
    })),
  };
}
