import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * GET /orders/{id}/packing-slip (admin): what goes in the parcel and where it goes, with no
 * prices. Each line's `toShip` is its units not put back on the shelf; lines with none left
 * are not listed.
 */
export const packingSlipSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    number: z.string(),
    placedAt: z.string(),
    shipped: z.boolean(),
    shipTo: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
    lines: z.array(z.object({ partId: z.string().nullable(), productName: z.string(), toShip: z.number().int() })),
  }),
);
export type PackingSlip = z.infer<typeof packingSlipSchema>;
