import { z } from 'zod';
import { messages } from '@parts-shop/shared/messages';
import { dollarsToCents, formatCents } from '@parts-shop/shared/money';
import { newOrderSchema } from '@parts-shop/shared/order';
import { isQuantityInRange, STOCK_MAX, type Part } from '@parts-shop/shared/part';

type Limits = Pick<Part, 'minOrder' | 'available'>;

const QUANTITY_DIGITS_MAX = String(STOCK_MAX).length;

/**
 * The quantity as typed. Only a plain whole number counts ("2.5", "-1", "1e3" and "" are
 * NaN), so nothing the browser's number input lets through can slip past the range check.
 */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  return new RegExp(`^\\d{1,${QUANTITY_DIGITS_MAX}}$`).test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** 'Please Order within the Range' for anything outside minOrder..available (docs/product.md#quantity). */
export function quantityError(text: string, part: Limits): string | null {
  return isQuantityInRange(parseQuantity(text), part) ? null : messages.quantityOutOfRange;
}

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
    totalOrder: z
      .string()
      .transform(parseQuantity)
      .refine((quantity) => isQuantityInRange(quantity, part), messages.quantityOutOfRange),
    phoneNumber: newOrderSchema.shape.phoneNumber,
    address: newOrderSchema.shape.address,
  });
}
export type CheckoutFields = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutValues = z.output<ReturnType<typeof checkoutSchema>>;
