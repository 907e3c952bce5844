import type { OverviewDay } from '@parts-shop/shared/overview';
import { dollarsToCents } from '@parts-shop/shared/money';

/** A span's money in cents (net is what was paid less what went back) and its orders. */
export type SpanFigures = { revenueCents: number; refundsCents: number; netCents: number; orders: number };

/** The day's net revenue in cents: money paid less money refunded that day (it can be negative). */
export function netCentsOf(day: OverviewDay): number {
  return dollarsToCents(Number(day.revenue)) - dollarsToCents(Number(day.refunds));
}

/** The figures of the last `count` days (the overview's days are oldest first). */
export function lastDays(days: OverviewDay[], count: number): SpanFigures {
  const span = days.slice(-count);
  const revenueCents = span.reduce((sum, day) => sum + dollarsToCents(Number(day.revenue)), 0);
  const refundsCents = span.reduce((sum, day) => sum + dollarsToCents(Number(day.refunds)), 0);
  const orders = span.reduce((sum, day) => sum + day.orders, 0);
  return { revenueCents, refundsCents, netCents: revenueCents - refundsCents, orders };
}
