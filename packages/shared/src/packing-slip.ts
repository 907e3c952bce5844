import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** GET /orders/{id}/packing-slip (admin): no prices; lines with nothing left to ship are left out. */
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
