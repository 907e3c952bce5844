import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { messages, requiredMessage } from './ui-messages.ts';
import { optionalText, requiredLongText, requiredText, webUrl } from './fields.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import { PART_KINDS, partSpecsSchema, type PartSpecs } from './part-specs.ts';

export const PRICE_MIN = 0.01;
export const PRICE_MAX = 1_000_000;
export const STOCK_MAX = 1_000_000;
export const BRAND_MAX = 60;

const partFieldsSchema = lazySchema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    /** Who makes it; empty when the catalog does not say. */
    brand: z.string(),
    description: z.string(),
    img: z.string(),
    minOrder: z.number().int(),
    available: z.number().int(),
    price: z.number(),
    /** Bumped by every catalog edit; an edit names the version it started from. */
    version: z.number().int(),
    /** Buyers' ratings: the average to one decimal (0 when none) and how many. */
    rating: z.object({ average: z.number(), count: z.number().int() }),
    /** The stock at or below which the admins are mailed (docs/product.md#low-stock); null: never. */
    lowStockAt: z.number().int().nullable().optional(),
  }),
);

/** A part as the API answers it: the catalog fields beside its kind and that kind's specs. */
export const partSchema = lazySchema(() => z.intersection(partFieldsSchema, partSpecsSchema));
export type Part = z.infer<typeof partFieldsSchema> & PartSpecs;

/** A part on Manage Products: `lowStock` is the server's rule (docs/product.md#low-stock), never the screen's. */
export const managedPartSchema = lazySchema(() => z.intersection(partSchema, z.object({ lowStock: z.boolean() })));
export type ManagedPart = Part & { lowStock: boolean };

function wholeNumber(field: string, min: number) {
  return z
    .number({ error: requiredMessage(field) })
    .refine(Number.isFinite, requiredMessage(field))
    .refine(Number.isInteger, `${field} must be a whole number`)
    .refine((v) => v >= min, `${field} must be at least ${min}`)
    .refine((v) => v <= STOCK_MAX, `${field} must be at most ${STOCK_MAX}`);
}

/** Low stock at: a whole number of units from 0, or null for no low-stock email. */
export const lowStockAtSchema = lazySchema(() =>
  z
    .number({ error: 'Low stock at must be a number' })
    .int('Low stock at must be a whole number')
    .min(0, 'Low stock at must be at least 0')
    .max(STOCK_MAX, `Low stock at must be at most ${STOCK_MAX}`)
    .nullable(),
);

export const priceSchema = lazySchema(() =>
  z
    .number({ error: requiredMessage('Price') })
    .refine(Number.isFinite, requiredMessage('Price'))
    .refine((v) => v > 0, 'Price must be more than 0')
    // One cent is the least the shop can charge; less would be stored as 0 cents.
    .refine((v) => v <= 0 || v >= PRICE_MIN, `Price must be at least ${PRICE_MIN}`)
    .refine((v) => v <= PRICE_MAX, `Price must be at most ${PRICE_MAX}`)
    .refine(hasAtMostTwoDecimals, 'Price can have at most two decimals'),
);

export const kindSchema = lazySchema(() =>
  z.enum(PART_KINDS, { error: `Kind must be one of ${PART_KINDS.join(', ')}` }),
);

/** The fields an admin writes when adding or editing a part (stock has its own endpoint once added). */
const catalogFields = lazySchema(() => ({
  name: requiredText(requiredMessage('Name')),
  brand: optionalText(BRAND_MAX).default(''),
  description: requiredLongText(requiredMessage('Description')),
  img: webUrl(requiredMessage('Image')),
  minOrder: wholeNumber('Min Order', 1),
  price: priceSchema,
  kind: kindSchema.default('other'),
  // Checked against the kind below, so an issue names the spec field (specs.socket).
  specs: z.record(z.string(), z.unknown(), { error: 'Specs must be an object' }).default({}),
  lowStockAt: lowStockAtSchema.optional(),
}));

/** Adds the kind's rules for specs, reporting each issue at its field under `specs`. */
function checkSpecs(part: { kind?: unknown; specs?: unknown }, ctx: z.RefinementCtx) {
  const result = partSpecsSchema.safeParse({ kind: part.kind, specs: part.specs });
  if (result.success) return;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
}

/** Narrows the checked record to the kind's specs type. */
function typedSpecs<T extends { kind: string; specs: Record<string, unknown> }>(part: T) {
  return part as Omit<T, 'kind' | 'specs'> & PartSpecs;
}

export const MIN_ORDER_ABOVE_AVAILABLE = 'Min Order cannot be more than Available';

const stockedPartFields = lazySchema(() =>
  z.object({ ...catalogFields, available: wholeNumber('Available', 0) }).strict(),
);

export const newPartSchema = lazySchema(() =>
  stockedPartFields
    .superRefine((p, ctx) => {
      if (p.minOrder > p.available) {
        ctx.addIssue({ code: 'custom', message: MIN_ORDER_ABOVE_AVAILABLE, path: ['minOrder'] });
      }
      checkSpecs(p, ctx);
    })
    .transform(typedSpecs),
);
export type NewPart = z.output<typeof newPartSchema>;

/**
 * An import row for a part the shop has: selling takes stock below a minimum order, so that rule holds only where the
 * row changes the minimum or the stock.
 */
export const importedPartSchema = lazySchema(() =>
  stockedPartFields.superRefine((p, ctx) => checkSpecs(p, ctx)).transform(typedSpecs),
);

/** Edit Product's form: every catalog field but stock, sent with the version it loaded. */
export const editedPartSchema = lazySchema(() =>
  z
    .object(catalogFields)
    .strict()
    .superRefine((p, ctx) => checkSpecs(p, ctx))
    .transform(typedSpecs),
);
export type EditedPart = z.output<typeof editedPartSchema>;

export const STALE_VERSION_MESSAGE =
  'Someone else saved this product since you opened it. Reload it to see their changes, then edit again.';

/** Stock is not here: orders move it all the time, so it has its own endpoint and never makes an edit stale. */
export const partEditSchema = lazySchema(() =>
  z
    .object({
      version: z
        .number({ error: 'Version is required' })
        .int('Version must be a whole number')
        .min(1)
        .max(2 ** 31 - 1),
      name: catalogFields.name.optional(),
      brand: optionalText(BRAND_MAX),
      description: catalogFields.description.optional(),
      img: catalogFields.img.optional(),
      minOrder: catalogFields.minOrder.optional(),
      price: priceSchema.optional(),
      lowStockAt: lowStockAtSchema.optional(),
      kind: kindSchema.optional(),
      specs: z.record(z.string(), z.unknown(), { error: 'Specs must be an object' }).optional(),
    })
    .strict()
    .superRefine((p, ctx) => {
      if ((p.kind === undefined) !== (p.specs === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'Kind and specs are changed together', path: ['specs'] });
        return;
      }
      if (p.kind !== undefined) checkSpecs(p, ctx);
    }),
);
export type PartEdit = z.output<typeof partEditSchema>;

export const stockChangeSchema = lazySchema(() =>
  z
    .object({
      delta: z
        .number({ error: 'Delta is required' })
        .int('Delta must be a whole number')
        .min(-STOCK_MAX, `Delta must be at least -${STOCK_MAX}`)
        .max(STOCK_MAX, `Delta must be at most ${STOCK_MAX}`)
        .refine((v) => v !== 0, 'Delta cannot be 0'),
    })
    .strict(),
);
export type StockChange = z.infer<typeof stockChangeSchema>;

export const insertedSchema = lazySchema(() => z.object({ acknowledged: z.boolean(), insertedId: z.string() }));
export const deletedSchema = lazySchema(() => z.object({ acknowledged: z.boolean(), deletedCount: z.number() }));

/** The purchase rule (docs/product.md#quantity): a whole number within minOrder..available, inclusive. */
export function isQuantityInRange(quantity: number, part: Pick<Part, 'minOrder' | 'available'>) {
  return Number.isInteger(quantity) && quantity >= part.minOrder && quantity <= part.available;
}

export const quantityMessage = messages.quantityOutOfRange;

const QUANTITY_DIGITS_MAX = String(STOCK_MAX).length;

/** Only a plain whole number counts ("2.5", "-1", "1e3" and "" are NaN), so nothing slips past the range check. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  return new RegExp(`^\\d{1,${QUANTITY_DIGITS_MAX}}$`).test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** 'Please Order within the Range' for a typed quantity outside minOrder..available (docs/product.md#quantity). */
export function quantityError(text: string, part: Pick<Part, 'minOrder' | 'available'>): string | null {
  return isQuantityInRange(parseQuantity(text), part) ? null : messages.quantityOutOfRange;
}

/** A form's quantity box for one part: the typed text, parsed and held to the part's range. */
export function quantityFieldSchema(part: Pick<Part, 'minOrder' | 'available'>) {
  return z
    .string()
    .transform(parseQuantity)
    .refine((quantity) => isQuantityInRange(quantity, part), messages.quantityOutOfRange);
}

/** At or below this many in stock, a part says how many are left. */
export const FEW_LEFT = 5;

/** A part's stock in words: In stock, Only 3 left, Sold out (the planner's picker and summary). */
export function stockLabel(available: number): string {
  if (available <= 0) return 'Sold out';
  return available <= FEW_LEFT ? `Only ${available} left` : 'In stock';
}

/** What stops an order of `quantity` of a part the stock cannot cover, naming it; null when it can. */
export function stockShortage(part: Pick<Part, 'name' | 'minOrder' | 'available'>, quantity: number): string | null {
  if (part.available <= 0) return `${part.name} is sold out`;
  return part.available < Math.max(quantity, part.minOrder) ? `Only ${part.available} left of ${part.name}` : null;
}
