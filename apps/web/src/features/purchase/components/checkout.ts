import { z } from 'zod';
import { postalAddressSchema } from '@parts-shop/shared/checkout';
import { parseQuantity, quantityFieldSchema, type Part } from '@parts-shop/shared/part';

type Limits = Pick<Part, 'minOrder' | 'available'>;

/** A part that cannot be bought at all: less stock than its minimum order. */
export function isSoldOut(part: Limits): boolean {
  return part.available < Math.max(part.minOrder, 1);
}

/** The quantity as typed when it is a whole number in the part's range, else null (nothing to price yet). */
export function orderableQuantity(text: string, part: Limits): number | null {
  const quantity = parseQuantity(text);
  return Number.isInteger(quantity) && quantity >= part.minOrder && quantity <= part.available ? quantity : null;
}

/** The checkout form: the part's range for quantity, the shared rules for the postal address. */
export function checkoutSchema(part: Limits) {
  return z.object({
    totalOrder: quantityFieldSchema(part),
    shippingAddress: postalAddressSchema,
  });
}
export type CheckoutFields = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutValues = z.output<ReturnType<typeof checkoutSchema>>;
