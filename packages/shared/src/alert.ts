import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { idSchema } from './fields.ts';
import { priceSchema } from './part.ts';

/** Price and back-in-stock alerts (docs/product.md#price-history-and-alerts). */

/** Most alerts one customer may have waiting; fired ones do not count. */
export const ALERTS_PER_USER_MAX = 50;

export const alertMessages = {
  type: 'Type must be price-below or back-in-stock',
  priceNotBelow: 'The price is already at or below that; choose a lower price',
  inStock: 'This part is in stock now',
  tooMany: `You can have at most ${ALERTS_PER_USER_MAX} alerts waiting; delete one first`,
} as const;

/** POST /alerts: the price (dollars) only with price-below. */
export const newAlertSchema = lazySchema(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ partId: idSchema, type: z.literal('price-below'), price: priceSchema }).strict(),
      z.object({ partId: idSchema, type: z.literal('back-in-stock') }).strict(),
    ],
    { error: alertMessages.type },
  ),
);
export type NewAlert = z.infer<typeof newAlertSchema>;

export const alertSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    partId: z.string(),
    partName: z.string(),
    type: z.enum(['price-below', 'back-in-stock']),
    /** Dollars, for price-below; null for back-in-stock. */
    price: z.number().nullable(),
    createdAt: z.string(),
    /** When it came true and the email was queued; null while it waits. */
    firedAt: z.string().nullable(),
  }),
);
export type Alert = z.infer<typeof alertSchema>;

/** GET /parts/{id}/price-history: oldest first, price in dollars. */
export const priceHistorySchema = lazySchema(() => z.array(z.object({ price: z.number(), at: z.string() })));
export type PriceHistory = z.infer<typeof priceHistorySchema>;
