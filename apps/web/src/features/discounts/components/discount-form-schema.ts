import { z } from 'zod';
import {
  DISCOUNT_KINDS,
  discountMessages,
  newDiscountSchema,
  type Discount,
  type DiscountKind,
  type DiscountPatch,
  type NewDiscount,
} from '@parts-shop/shared/discount';
import { PART_KINDS } from '@parts-shop/shared/part-specs';

/**
 * The Discounts form holds what was typed as text; this turns it into the body of POST /api/discounts and checks it
 * with the shared newDiscountSchema, so the form says what the server would.
 */

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Empty: not set; else the number typed (NaN when it is not one, which the shared schema refuses with its message). */
const optionalNumber = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : Number(text)));

/** A datetime-local value ("2026-12-24T09:00", the browser's own time) as an ISO instant; empty: not set. */
const optionalInstant = z
  .string()
  .trim()
  .refine((text) => text === '' || !Number.isNaN(Date.parse(text)), 'Give a date and time')
  .transform((text) => (text === '' ? undefined : new Date(text).toISOString()));

export const discountFormSchema = z
  .object({
    code: z.string().trim(),
    title: z.string(),
    kind: z.enum(DISCOUNT_KINDS, { error: discountMessages.kind }),
    value: z.string().trim(),
    parts: z.string(),
    kinds: z.array(z.enum(PART_KINDS)),
    brands: z.string(),
    minSubtotal: optionalNumber,
    firstOrderOnly: z.boolean(),
    startsAt: optionalInstant,
    endsAt: optionalInstant,
    usageLimit: optionalNumber,
    perCustomerLimit: optionalNumber,
    combinable: z.boolean(),
    priority: z
      .string()
      .trim()
      .transform((text) => (text === '' ? 0 : Number(text))),
  })
  .transform(({ code, value, parts, kinds, brands, ...rest }): NewDiscount => ({
    ...rest,
    code: code === '' ? undefined : code,
    value: value === '' ? 0 : Number(value),
    parts: list(parts),
    kinds,
    brands: list(brands),
  }))
  .pipe(newDiscountSchema);

export type DiscountFormFields = z.input<typeof discountFormSchema>;
export type DiscountFormValues = z.output<typeof discountFormSchema>;

export const emptyDiscountFields: DiscountFormFields = {
  code: '',
  title: '',
  kind: 'percentage',
  value: '',
  parts: '',
  kinds: [],
  brands: '',
  minSubtotal: '',
  firstOrderOnly: false,
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  combinable: true,
  priority: '0',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's own time. */
export function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const text = (n: number | null) => (n === null ? '' : String(n));

/** A stored discount as the form shows it for editing. */
export function discountFields(discount: Discount): DiscountFormFields {
  return {
    code: discount.code ?? '',
    title: discount.title,
    kind: discount.kind,
    value: discount.kind === 'free_shipping' ? '' : String(discount.value),
    parts: discount.parts.join(', '),
    kinds: discount.kinds.filter((k): k is (typeof PART_KINDS)[number] =>
      (PART_KINDS as readonly string[]).includes(k),
    ),
    brands: discount.brands.join(', '),
    minSubtotal: text(discount.minSubtotal),
    firstOrderOnly: discount.firstOrderOnly,
    startsAt: localDateTime(discount.startsAt),
    endsAt: localDateTime(discount.endsAt),
    usageLimit: text(discount.usageLimit),
    perCustomerLimit: text(discount.perCustomerLimit),
    combinable: discount.combinable,
    priority: String(discount.priority),
  };
}

const orNull = <T>(items: T[] | undefined) => (items && items.length > 0 ? items : null);

/**
 * The PATCH for an edit: every field the form holds, a cleared one as null. The code and kind are not in it: a code
 * printed in a newsletter stays the code, and another kind is another discount.
 */
export function discountPatch(values: DiscountFormValues): DiscountPatch {
  return {
    title: values.title,
    value: values.value,
    parts: orNull(values.parts),
    kinds: orNull(values.kinds),
    brands: orNull(values.brands),
    minSubtotal: values.minSubtotal ?? null,
    firstOrderOnly: values.firstOrderOnly,
    startsAt: values.startsAt ?? null,
    endsAt: values.endsAt ?? null,
    usageLimit: values.usageLimit ?? null,
    perCustomerLimit: values.perCustomerLimit ?? null,
    combinable: values.combinable,
    priority: values.priority,
  };
}

/** "10 % off", "$20.00 off the order", "$5.00 off each item", "Free shipping". */
export function discountAmountText(kind: DiscountKind, value: number, format: (dollars: number) => string): string {
  if (kind === 'percentage') return `${value} % off`;
  if (kind === 'fixed_order') return `${format(value)} off the order`;
  if (kind === 'fixed_item') return `${format(value)} off each item`;
  return 'Free shipping';
}
