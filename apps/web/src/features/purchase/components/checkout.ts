import { z } from 'zod';
import { dollarsToCents, formatCents } from '@parts-shop/shared/money';
import { newOrderSchema } from '@parts-shop/shared/order';
import { parseQuantity, quantityFieldSchema, type Part } from '@parts-shop/shared/part';

type Limits = Pick<Part, 'minOrder' | 'available'>;

/** A part that cannot be bought at all: less stock than its minimum order. */
export function isSoldOut(part: Limits): boolean {
  return part.available < Math.max(part.minOrder, 1);
}

/**
 * The checkout card's preview: Total Order and Total Price follow the quantity as typed.
 * Computed in cents so 3 x $19.99 shows $59.97, not $59.970000000000006. The API computes
 * the real total; this is only what the shopper sees before ordering.
 */
export function previewTotals(text: string, price: number): { quantity: number; totalPrice: string } {
  const parsed = parseQuantity(text);
  const quantity = Number.isNaN(parsed) ? 0 : parsed;
  return { quantity, totalPrice: formatCents(quantity * dollarsToCents(price)) };
}

/** The checkout form: the shared order rules for phone and address, the part's range for quantity. */
export function checkoutSchema(part: Limits) {
  return z.object({
    totalOrder: quantityFieldSchema(part),
    phoneNumber: newOrderSchema.shape.phoneNumber,
    address: newOrderSchema.shape.address,
  });
}
export type CheckoutFields = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutValues = z.output<ReturnType<typeof checkoutSchema>>;
