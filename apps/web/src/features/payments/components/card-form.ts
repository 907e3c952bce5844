import { z } from 'zod';
import { cardMessages, cardSchema, normalizeCardNumber, parseExpiry, type Card } from '@parts-shop/shared/payment';

export type CardFields = { number: string; expiry: string; cvc: string };

const FIELD_OF: Record<string, keyof CardFields> = {
  number: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

export const cardFormSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .transform((fields, ctx): Card => {
    const expiry = parseExpiry(fields.expiry);
    const parsed = cardSchema.safeParse({
      number: fields.number,
      expMonth: expiry?.expMonth ?? '',
      expYear: expiry?.expYear ?? '',
      cvc: fields.cvc,
    });
    if (parsed.success) return parsed.data;
    const reported = new Set<keyof CardFields>();
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field = typeof key === 'string' ? FIELD_OF[key] : undefined;
      // One message per field, the first the rules found (as Stripe's own form shows).
      if (!field || reported.has(field)) continue;
      reported.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: fieldMessage(field, fields, issue.message) });
    }
    return z.NEVER;
  });

function fieldMessage(field: keyof CardFields, fields: CardFields, message: string): string {
  if (field === 'expiry' && parseExpiry(fields.expiry) === null) return cardMessages.expiryIncomplete;
  return message;
}

export function formatCardNumber(input: string): string {
  const digits = normalizeCardNumber(input);
  if (!/^\d{1,19}$/.test(digits)) return input;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiry(input: string): string {
  const expiry = parseExpiry(input);
  if (!expiry) return input;
  return `${String(expiry.expMonth).padStart(2, '0')}/${String(expiry.expYear % 100).padStart(2, '0')}`;
}
