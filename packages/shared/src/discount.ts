import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { idSchema, requiredText } from './fields.ts';
import { formatDollars, hasAtMostTwoDecimals } from './money.ts';
import { PART_KINDS } from './part-specs.ts';
import { PRICE_MAX } from './part.ts';

/** Discount codes and automatic promotions (docs/product.md#discounts). */

export const DISCOUNT_KINDS = ['percentage', 'fixed_order', 'fixed_item', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Most codes one checkout may carry. */
export const DISCOUNT_CODES_MAX = 5;
export const DISCOUNT_CODE_MAX = 32;
/** Letters, digits, dashes and underscores: what a newsletter can print and a buyer can type. */
const CODE = /^[\w-]+$/;

/** Why a code cannot apply: the UCP warning codes (dev.ucp.shopping.discount) and the web's reasons. */
export const DISCOUNT_REFUSALS = [
  'discount_code_invalid',
  'discount_code_expired',
  'discount_code_not_started',
  'discount_code_not_eligible',
  'discount_code_minimum_not_met',
  'discount_code_used_up',
  'discount_code_user_ineligible',
  'discount_code_already_applied',
  'discount_code_combination_disallowed',
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

export const discountMessages = {
  codeInvalid: 'A code is letters, digits, dashes and underscores',
  codeTooLong: `A code is at most ${DISCOUNT_CODE_MAX} characters`,
  tooManyCodes: `At most ${DISCOUNT_CODES_MAX} codes per order`,
  titleRequired: 'Title is Required',
  kind: 'Kind must be percentage, fixed_order, fixed_item or free_shipping',
  percentage: 'A percentage is a number from 0 to 100',
  amount: `An amount is more than 0 and at most ${PRICE_MAX}, with at most two decimals`,
  freeShippingValue: 'Free shipping takes no value',
  endsBeforeStart: 'The end must be after the start',
  limit: 'A usage limit is a whole number of at least 1',
  codeTaken: 'Another discount already has that code',
  notFound: 'Discount not found',
  inUse: 'Orders carry this discount, so it cannot be deleted: end it instead',
  /** The reasons a buyer reads, by refusal. */
  refused: {
    discount_code_invalid: (code: string) => `${code} is not a discount code we know`,
    discount_code_expired: (code: string) => `${code} has expired`,
    discount_code_not_started: (code: string) => `${code} is not valid yet`,
    discount_code_not_eligible: (code: string) => `${code} does not apply to these parts`,
    discount_code_minimum_not_met: (code: string, minSubtotal: number) =>
      `${code} needs a subtotal of ${formatDollars(minSubtotal)} or more`,
    discount_code_used_up: (code: string) => `${code} has been used up`,
    discount_code_user_ineligible: (code: string) => `${code} cannot be used on this account`,
    discount_code_already_applied: (code: string) => `${code} is already applied`,
    discount_code_combination_disallowed: (code: string) => `${code} does not combine with the other discounts`,
  },
} as const;

/** A code as a buyer types it; matched without regard to case, stored and shown in upper case. */
export const discountCodeSchema = lazySchema(() =>
  z
    .string({ error: discountMessages.codeInvalid })
    .trim()
    .max(DISCOUNT_CODE_MAX, { error: discountMessages.codeTooLong, abort: true })
    .regex(CODE, discountMessages.codeInvalid)
    .toUpperCase(),
);

/** `discountCodes` on an order, a batch order and a group payment: in the order the buyer entered them. */
export const discountCodesSchema = lazySchema(() =>
  z.array(discountCodeSchema).max(DISCOUNT_CODES_MAX, discountMessages.tooManyCodes),
);

const limitSchema = z
  .number({ error: discountMessages.limit })
  .int(discountMessages.limit)
  .min(1, discountMessages.limit);
const dollars = z
  .number({ error: discountMessages.amount })
  .refine((v) => Number.isFinite(v) && v > 0 && v <= PRICE_MAX && hasAtMostTwoDecimals(v), discountMessages.amount);

const discountFields = {
  /** Absent: an automatic promotion, applied to every cart it fits. */
  code: discountCodeSchema.optional(),
  title: requiredText(discountMessages.titleRequired),
  kind: z.enum(DISCOUNT_KINDS, { error: discountMessages.kind }),
  /** Percent (0-100] for percentage, dollars for the fixed kinds, 0 or absent for free_shipping. */
  value: z.number({ error: discountMessages.amount }).default(0),
  parts: z.array(idSchema).max(200).optional(),
  kinds: z.array(z.enum(PART_KINDS)).max(PART_KINDS.length).optional(),
  brands: z.array(requiredText('Brand is Required')).max(50).optional(),
  /** Dollars, of the eligible goods before any discount. */
  minSubtotal: dollars.optional(),
  firstOrderOnly: z.boolean().default(false),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  usageLimit: limitSchema.optional(),
  perCustomerLimit: limitSchema.optional(),
  combinable: z.boolean(),
  /** Lower runs first; percentages compound in this order. */
  priority: z.number().int().min(0).max(1000),
};

type DiscountFields = { kind: DiscountKind; value: number; startsAt?: string | undefined; endsAt?: string | undefined };

function checkValue(d: DiscountFields, ctx: z.RefinementCtx) {
  if (d.kind === 'percentage' && !(d.value > 0 && d.value <= 100 && hasAtMostTwoDecimals(d.value)))
    ctx.addIssue({ code: 'custom', path: ['value'], message: discountMessages.percentage });
  if ((d.kind === 'fixed_order' || d.kind === 'fixed_item') && !dollars.safeParse(d.value).success)
    ctx.addIssue({ code: 'custom', path: ['value'], message: discountMessages.amount });
  if (d.kind === 'free_shipping' && d.value !== 0)
    ctx.addIssue({ code: 'custom', path: ['value'], message: discountMessages.freeShippingValue });
  if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: discountMessages.endsBeforeStart });
}

/** POST /api/discounts (admin). */
export const newDiscountSchema = lazySchema(() => z.object(discountFields).strict().superRefine(checkValue));
export type NewDiscount = z.input<typeof newDiscountSchema>;

/**
 * PATCH /api/discounts/{id} (admin): any field, plus `paused`. Null clears an optional field (code excepted: a code
 * stays a code). The whole discount after the change is checked as POST checks it.
 */
export const discountPatchSchema = lazySchema(() =>
  z
    .object({
      title: discountFields.title.optional(),
      value: z.number({ error: discountMessages.amount }).optional(),
      parts: discountFields.parts.nullable(),
      kinds: discountFields.kinds.nullable(),
      brands: discountFields.brands.nullable(),
      minSubtotal: dollars.nullable().optional(),
      firstOrderOnly: z.boolean().optional(),
      startsAt: discountFields.startsAt.nullable(),
      endsAt: discountFields.endsAt.nullable(),
      usageLimit: limitSchema.nullable().optional(),
      perCustomerLimit: limitSchema.nullable().optional(),
      combinable: z.boolean().optional(),
      priority: discountFields.priority.optional(),
      paused: z.boolean().optional(),
    })
    .strict(),
);
export type DiscountPatch = z.input<typeof discountPatchSchema>;

/** A discount as the admin API answers it: its rules, its state, and what it has given so far. */
export type Discount = {
  id: string;
  code: string | null;
  title: string;
  kind: DiscountKind;
  value: number;
  parts: string[];
  kinds: string[];
  brands: string[];
  minSubtotal: number | null;
  firstOrderOnly: boolean;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  combinable: boolean;
  priority: number;
  paused: boolean;
  /** scheduled (not started), active, paused, ended (past its end) or used_up. */
  status: (typeof DISCOUNT_STATUSES)[number];
  /** Orders that carry it now (released uses not counted). */
  uses: number;
  /** Dollars it took off those orders, shipping included. */
  given: number;
  createdAt: string;
};

export const DISCOUNT_STATUSES = ['scheduled', 'active', 'paused', 'ended', 'used_up'] as const;

/** The admin API's answer for one discount (the `Discount` type below, as a schema for the OpenAPI document). */
export const discountSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    code: z.string().nullable(),
    title: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.number(),
    parts: z.array(z.string()),
    kinds: z.array(z.string()),
    brands: z.array(z.string()),
    minSubtotal: z.number().nullable(),
    firstOrderOnly: z.boolean(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    combinable: z.boolean(),
    priority: z.number().int(),
    paused: z.boolean(),
    status: z.enum(DISCOUNT_STATUSES),
    uses: z.number().int(),
    given: z.number(),
    createdAt: z.string(),
  }),
);
export const discountListSchema = lazySchema(() => z.array(discountSchema));

/** A discount an order or a quote carries: its share of the price, in dollars. */
export type AppliedDiscount = {
  discountId: string;
  code: string | null;
  title: string;
  kind: DiscountKind;
  /** Dollars taken off: goods for the item and order kinds, shipping for free_shipping. */
  amount: number;
};

/** A refused code, as the web shows it beside the field and UCP as a warning. */
export type RefusedCode = { code: string; refusal: DiscountRefusal; message: string };

export const appliedDiscountSchema = lazySchema(() =>
  z.object({
    discountId: z.string(),
    code: z.string().nullable(),
    title: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    amount: z.number(),
  }),
);
export const refusedCodeSchema = lazySchema(() =>
  z.object({ code: z.string(), refusal: z.enum(DISCOUNT_REFUSALS), message: z.string() }),
);
