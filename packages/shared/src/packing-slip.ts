import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { addressSchema } from './checkout.ts';

/**
 * GET /orders/{id}/packing-slip (admin): no prices; lines with nothing left to ship are left out. `shipTo` is the
 * address as one text (older clients print it); `shippingAddress` the postal address field by field, and `shipping`
 * the option the customer chose (null on orders from before shipping options).
 */
export const packingSlipSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    number: z.string(),
    placedAt: z.string(),
    shipped: z.boolean(),
    shipTo: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
    shippingAddress: addressSchema,
    shipping: z.object({ title: z.string(), carrier: z.string() }).nullable(),
    lines: z.array(z.object({ partId: z.string().nullable(), productName: z.string(), toShip: z.number().int() })),
  }),
);
export type PackingSlip = z.infer<typeof packingSlipSchema>;
