import { z } from 'zod';
import { messages, requiredMessage } from './messages.ts';
import { requiredLongText, requiredText, webUrl } from './fields.ts';
import { hasAtMostTwoDecimals } from './money.ts';

export const PRICE_MAX = 1_000_000;
export const STOCK_MAX = 1_000_000;

export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  img: z.string(),
  minOrder: z.number().int(),
  available: z.number().int(),
  price: z.number(),
});
export type Part = z.infer<typeof partSchema>;

function wholeNumber(field: string, min: number) {
  return z
    .number({ error: requiredMessage(field) })
    .refine(Number.isFinite, requiredMessage(field))
    .refine(Number.isInteger, `${field} must be a whole number`)
    .refine((v) => v >= min, `${field} must be at least ${min}`)
    .refine((v) => v <= STOCK_MAX, `${field} must be at most ${STOCK_MAX}`);
}

export const newPartSchema = z
  .object({
    name: requiredText(requiredMessage('Name')),
    description: requiredLongText(requiredMessage('Description')),
    img: webUrl(requiredMessage('Image')),
    minOrder: wholeNumber('Min Order', 1),
    available: wholeNumber('Available', 0),
    price: z
      .number({ error: requiredMessage('Price') })
      .refine(Number.isFinite, requiredMessage('Price'))
      .refine((v) => v > 0, 'Price must be more than 0')
      .refine((v) => v <= PRICE_MAX, `Price must be at most ${PRICE_MAX}`)
      .refine(hasAtMostTwoDecimals, 'Price can have at most two decimals'),
  })
  .strict()
  .refine((p) => p.minOrder <= p.available, {
    message: 'Min Order cannot be more than Available',
    path: ['minOrder'],
  });
export type NewPart = z.infer<typeof newPartSchema>;

export const insertedSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const deletedSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });

/** The purchase rule (docs/product.md#quantity): a whole number within minOrder..available, inclusive. */
export function isQuantityInRange(quantity: number, part: Pick<Part, 'minOrder' | 'available'>) {
  return Number.isInteger(quantity) && quantity >= part.minOrder && quantity <= part.available;
}

export const quantityMessage = messages.quantityOutOfRange;
