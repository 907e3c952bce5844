import type { OverviewDay } from '@parts-shop/shared/overview';
import { dollarsToCents } from '@parts-shop/shared/money';

export type SpanFigures = { revenueCents: number; refundsCents: number; netCents: number; orders: number };

export function netCentsOf(day: OverviewDay): number {
  return dollarsToCents(Number(day.revenue)) - dollarsToCents(Number(day.refunds));
}

export function lastDays(days: OverviewDay[], count: number): SpanFigures {
  const span = days.slice(-count);
  const revenueCents = span.reduce((sum, day) => sum + dollarsToCents(Number(day.revenue)), 0);
  const refundsCents = span.reduce((sum, day) => sum + dollarsToCents(Number(day.refunds)), 0);
  const orders = span.reduce((sum, day) => sum + day.orders, 0);
  return { revenueCents, refundsCents, netCents: revenueCents - refundsCents, orders };
}
