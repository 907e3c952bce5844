import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Card payments (docs/product.md#payments). The test-mode gateway answers like Stripe's test mode, same cards, same
 * messages.
 */

/** Stripe's wording, so a shopper reads the same sentence on either gateway. */
export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  liveCardInTestMode:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  alreadySucceeded: 'This payment has already been completed.',
  canceled: 'This payment was canceled. Reload the page to start a new one.',
  notFound: 'This payment could not be found. Reload the page to start a new one.',
} as const;

/** Card numbers are typed with spaces or dashes; the digits are what count. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The card network, read from the number's leading digits the way receipts name it. */
export function cardBrand(number: string): string {
  const digits = normalizeCardNumber(number);
  if (digits.startsWith('4')) return 'Visa';
  if (/^(?:5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(?:011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

/** The Luhn checksum every real card number (and every Stripe test number) passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Two-digit years mean this century (a card printed "12/34" expires in December 2034). */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is good through the last day of its expiry month. */
export function isExpiryPast(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const year = fullYear(expYear);
  const currentYear = now.getFullYear();
  return year < currentYear || (year === currentYear && expMonth < now.getMonth() + 1);
}

/** Reads "MM/YY", "MM / YYYY" or "MMYY" as typed into a single expiry field. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  // Trimmed first, and the spaces around the slash are on either side of it: no two runs of
  // spaces can trade characters, so the pattern is linear.
  const match = /^(\d{1,2})\s*(?:\/\s*)?(\d{2}|\d{4})$/.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  return { expMonth: Number(match[1]), expYear: fullYear(Number(match[2])) };
}

/** Form inputs give strings, JSON clients numbers; both mean the same whole number. */
function wholeNumber(incomplete: string) {
  return z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, incomplete)
        .transform(Number),
    ],
    { error: incomplete },
  );
}

const YEARS_AHEAD_MAX = 50;

export const cardSchema = lazySchema(() =>
  z
    .object({
      number: z
        .string({ error: cardMessages.numberIncomplete })
        .max(40, cardMessages.numberInvalid)
        .transform(normalizeCardNumber)
        .pipe(
          z
            .string()
            .min(1, cardMessages.numberIncomplete)
            .regex(/^\d+$/, cardMessages.numberInvalid)
            .min(12, cardMessages.numberIncomplete)
            .max(19, cardMessages.numberInvalid)
            .refine(luhnValid, cardMessages.numberInvalid),
        ),
      expMonth: wholeNumber(cardMessages.expiryIncomplete).pipe(
        z
          .number()
          .int(cardMessages.expiryMonthInvalid)
          .min(1, cardMessages.expiryMonthInvalid)
          .max(12, cardMessages.expiryMonthInvalid),
      ),
      expYear: wholeNumber(cardMessages.expiryIncomplete).pipe(
        z
          .number()
          .int(cardMessages.expiryYearInvalid)
          .min(0, cardMessages.expiryYearInvalid)
          .transform(fullYear)
          .refine((y) => y >= 2000 && y <= new Date().getFullYear() + YEARS_AHEAD_MAX, cardMessages.expiryYearInvalid),
      ),
      cvc: z
        .string({ error: cardMessages.cvcIncomplete })
        .trim()
        .regex(/^\d*$/, cardMessages.cvcInvalid)
        .min(3, cardMessages.cvcIncomplete)
        .max(4, cardMessages.cvcInvalid),
    })
    .strict()
    .refine((card) => !isExpiryPast(card.expMonth, card.expYear), {
      message: cardMessages.expiryPast,
      path: ['expYear'],
    }),
);
export type CardInput = z.input<typeof cardSchema>;
export type Card = z.output<typeof cardSchema>;

export type CardOutcome =
  | { ok: true }
  | {
      ok: false;
      code: 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error';
      declineCode: string;
      message: string;
    };

/** Stripe's published test cards that succeed (https://docs.stripe.com/testing). */
export const SUCCEEDING_TEST_CARDS = [
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '5105105105105100', // Mastercard (prepaid)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '6011000990139424', // Discover
  '3056930009020004', // Diners Club
  '36227206271667', // Diners Club (14 digits)
  '3566002020360505', // JCB
  '6200000000000005', // UnionPay
] as const;

/** Stripe's published test cards that decline, with the message Stripe.js shows. */
export const DECLINING_TEST_CARDS: Record<string, Exclude<CardOutcome, { ok: true }>> = {
  '4000000000000002': {
    ok: false,
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: cardMessages.declined,
  },
  '4000000000009995': {
    ok: false,
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: cardMessages.insufficientFunds,
  },
  '4000000000009987': { ok: false, code: 'card_declined', declineCode: 'lost_card', message: cardMessages.declined },
  '4000000000009979': { ok: false, code: 'card_declined', declineCode: 'stolen_card', message: cardMessages.declined },
  '4100000000000019': { ok: false, code: 'card_declined', declineCode: 'fraudulent', message: cardMessages.declined },
  '4000000000000069': { ok: false, code: 'expired_card', declineCode: 'expired_card', message: cardMessages.expired },
  '4000000000000127': {
    ok: false,
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: cardMessages.incorrectCvc,
  },
  '4000000000000119': {
    ok: false,
    code: 'processing_error',
    declineCode: 'processing_error',
    message: cardMessages.processingError,
  },
};

/** Any other number is declined, as Stripe's test mode does: a test shop must never look as if it took real money. */
export function testCardOutcome(number: string): CardOutcome {
  const digits = normalizeCardNumber(number);
  if ((SUCCEEDING_TEST_CARDS as readonly string[]).includes(digits)) return { ok: true };
  return (
    DECLINING_TEST_CARDS[digits] ?? {
      ok: false,
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message: cardMessages.liveCardInTestMode,
    }
  );
}

/** The hint the Pay form shows in test mode. */
export const TEST_CARD_HINT = 'Test mode: pay with 4242 4242 4242 4242, any future date and any 3-digit CVC.';

/** POST /payments/local/confirm: the local gateway's stand-in for Stripe's confirmCardPayment. */
export const confirmCardRequestSchema = lazySchema(() =>
  z
    .object({
      clientSecret: z.string().min(1).max(200),
      card: cardSchema,
    })
    .strict(),
);
export type ConfirmCardRequest = z.input<typeof confirmCardRequestSchema>;

/** Stripe's PaymentIntent statuses; the local gateway only uses three of them. */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export const paymentIntentStatusSchema = lazySchema(() => z.enum(PAYMENT_INTENT_STATUSES));
export type PaymentIntentStatus = z.infer<typeof paymentIntentStatusSchema>;

/** The same shape Stripe.js resolves confirmCardPayment with: `{paymentIntent}`. */
export const confirmCardResponseSchema = lazySchema(() =>
  z.object({
    paymentIntent: z.object({
      id: z.string(),
      status: paymentIntentStatusSchema,
      amount: z.number().int(),
      currency: z.string(),
    }),
  }),
);
export type ConfirmCardResponse = z.infer<typeof confirmCardResponseSchema>;

/** 402 from the confirm call: show `message` under the form; the same intent can be paid again. */
export const cardDeclinedSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    code: z.string(),
    declineCode: z.string(),
  }),
);
export type CardDeclined = z.infer<typeof cardDeclinedSchema>;
