import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** GET /api/admin/overview?days=N: how many days the figures and the chart cover (today included). */
export const OVERVIEW_DAYS_MAX = 365;
export const OVERVIEW_DAYS_DEFAULT = 30;
export const overviewDaysMessage = `days must be a whole number from 1 to ${OVERVIEW_DAYS_MAX}`;

export const overviewQuerySchema = lazySchema(() =>
  z
    .object({
      days: z.coerce
        .number({ error: overviewDaysMessage })
        .int(overviewDaysMessage)
        .min(1, overviewDaysMessage)
        .max(OVERVIEW_DAYS_MAX, overviewDaysMessage)
        .default(OVERVIEW_DAYS_DEFAULT),
    })
    .strict(),
);

/** One calendar day in the shop's time zone: money in dollars ("1234.50"), as everywhere on the wire. */
export const overviewDaySchema = lazySchema(() =>
  z.object({
    /** YYYY-MM-DD in the shop's time zone (SHOP_TIME_ZONE). */
    date: z.string(),
    /** Money paid that day, before refunds. */
    revenue: z.string(),
    /** Money refunded that day (cancels, refunds, returns). */
    refunds: z.string(),
    /** Orders placed that day, cancelled since or not. */
    orders: z.number().int(),
  }),
);
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const overviewSchema = lazySchema(() =>
  z.object({
    /** Oldest first, one entry per day, days without orders as zeros. */
    days: z.array(overviewDaySchema),
    /** Money paid in the window net of refunds, split into goods, shipping and tax (dollars). */
    taken: z.object({ goods: z.string(), shipping: z.string(), tax: z.string() }),
    /** Paid, not shipped, not cancelled. */
    toShip: z.number().int(),
    /** Unpaid and not cancelled. */
    unpaid: z.number().int(),
    /** Parts at or below their low-stock mark, fewest first. */
    lowStock: z.array(z.object({ id: z.string(), name: z.string(), available: z.number().int() })),
    /** The window's best sellers by money paid for them, orders cancelled since left out. */
    topParts: z.array(
      z.object({ partId: z.string().nullable(), name: z.string(), units: z.number().int(), revenue: z.string() }),
    ),
  }),
);
export type Overview = z.infer<typeof overviewSchema>;
