import { z } from 'zod';
import { idSchema } from './fields.ts';
import { shipSchema } from './order.ts';
import { lazySchema } from './lazy-schema.ts';

/** The most orders Ship selected takes at once: one page of Manage Orders. */
export const BULK_SHIP_MAX = 100;

/** POST /orders/ship (admin): several orders, each by the rules of PATCH /shipped/{id}. */
export const bulkShipSchema = lazySchema(() =>
  z
    .object({
      orders: z
        .array(shipSchema.omit({ paid: true }).extend({ id: idSchema }).strict())
        .min(1, 'Choose at least one order')
        .max(BULK_SHIP_MAX, `Choose at most ${BULK_SHIP_MAX} orders`)
        .refine((orders) => new Set(orders.map((o) => o.id)).size === orders.length, 'Each order can be chosen once'),
    })
    .strict(),
);
export type BulkShip = z.infer<typeof bulkShipSchema>;

/** Each order asked, in the order asked: shipped, or refused with the single ship's reason. */
export const bulkShipAnswerSchema = lazySchema(() =>
  z.object({
    results: z.array(
      z.object({
        id: z.string(),
        /** The order number (PS-000123); null for an order the shop does not have. */
        number: z.string().nullable(),
        shipped: z.boolean(),
        reason: z.string().nullable(),
      }),
    ),
  }),
);
export type BulkShipAnswer = z.infer<typeof bulkShipAnswerSchema>;
