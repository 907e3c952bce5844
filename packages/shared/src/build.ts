import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { PROBLEM_CODES } from './compatibility.ts';
import { idSchema, oneLineText, requiredText } from './fields.ts';
import { newOrderSchema, orderSchema, requireADestination } from './order.ts';
import { BRAND_MAX, STOCK_MAX } from './part.ts';
import { partFiltersSchema } from './part-query.ts';
import { pageQuerySchema } from './paging.ts';
import { PART_KINDS } from './part-specs.ts';

/** Builds (docs/product.md#build-planner). */

/** Most lines a build may have; a real PC has a dozen, 500 is someone testing the limits. */
export const BUILD_LINES_MAX = 40;
export const BUILD_NAME_MAX = 100;

export const buildMessages = {
  duplicateLine: 'Each part can be in a build once; change its quantity instead',
  tooManyLines: `A build can have at most ${BUILD_LINES_MAX} lines`,
  noLines: 'A build needs at least one part',
  quantity: `Quantity must be a whole number from 1 to ${STOCK_MAX}`,
  nameRequired: 'Name is required',
  hasErrors: 'This build has compatibility errors; fix them before ordering',
  titleRequired: 'Title is required',
  titleOneLine: 'The title must be on one line',
} as const;

const distinct = (lines: readonly { partId: string }[]) => new Set(lines.map((l) => l.partId)).size === lines.length;

function lines<T extends { partId: string }>(line: z.ZodType<T>, min: number) {
  return z
    .array(line, { error: buildMessages.noLines })
    .min(min, buildMessages.noLines)
    .max(BUILD_LINES_MAX, buildMessages.tooManyLines)
    .refine(distinct, buildMessages.duplicateLine);
}

const quantitySchema = lazySchema(() =>
  z
    .number({ error: buildMessages.quantity })
    .int(buildMessages.quantity)
    .min(1, buildMessages.quantity)
    .max(STOCK_MAX, buildMessages.quantity),
);

export const buildItemSchema = lazySchema(() => z.object({ partId: idSchema, quantity: quantitySchema }).strict());
export type BuildItem = z.infer<typeof buildItemSchema>;

/** POST /builds/check. An empty build is a valid question with an empty answer. */
export const buildCheckRequestSchema = lazySchema(() => z.object({ items: lines(buildItemSchema, 0) }).strict());

export const problemSchema = lazySchema(() =>
  z.object({
    severity: z.enum(['error', 'warning']),
    code: z.enum(PROBLEM_CODES),
    message: z.string(),
    partIds: z.array(z.string()),
  }),
);

/** An in-stock part of the same kind that fits the rest of the build (the server's choice). */
export const buildAlternativeSchema = lazySchema(() =>
  z.object({
    partId: z.string(),
    name: z.string(),
    brand: z.string(),
    price: z.number(),
    available: z.number().int(),
  }),
);
export type BuildAlternative = z.infer<typeof buildAlternativeSchema>;

export const buildLineSchema = lazySchema(() =>
  z.object({
    partId: z.string(),
    name: z.string(),
    kind: z.enum(PART_KINDS),
    quantity: z.number().int(),
    /** Unit price and line total in dollars, decided by the server. */
    price: z.number(),
    lineTotal: z.number(),
    minOrder: z.number().int(),
    available: z.number().int(),
    /** Only on a line the stock cannot cover: what to order instead, or null when nothing fits. */
    alternative: buildAlternativeSchema.nullable().optional(),
  }),
);

export const buildCheckSchema = lazySchema(() =>
  z.object({
    problems: z.array(problemSchema),
    estimatedWatts: z.number().int(),
    lines: z.array(buildLineSchema),
    total: z.number(),
  }),
);
export type BuildCheckResult = z.infer<typeof buildCheckSchema>;

const buildName = lazySchema(() => requiredText(buildMessages.nameRequired, BUILD_NAME_MAX));

export const buildNameSchema = lazySchema(() => z.object({ name: buildName }));
export const newBuildSchema = lazySchema(() =>
  z.object({ name: buildName, items: lines(buildItemSchema, 1) }).strict(),
);
/** PATCH /builds/{id}: rename, replace the parts, or both. */
export const buildPatchSchema = lazySchema(() =>
  z
    .object({ name: buildName.optional(), items: lines(buildItemSchema, 1).optional() })
    .strict()
    .refine((p) => p.name !== undefined || p.items !== undefined, 'Send a name, items or both'),
);

/** A line of a saved or published build at today's price; a part no longer sold has none. */
const pricedLineSchema = lazySchema(() =>
  z.object({
    partId: z.string(),
    name: z.string(),
    kind: z.enum(PART_KINDS),
    quantity: z.number().int(),
    price: z.number(),
    lineTotal: z.number(),
  }),
);

export const savedBuildSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    items: z.array(z.object({ partId: z.string(), quantity: z.number().int() })),
    /** The parts still sold, at today's prices, with the server's compatibility verdict and draw on them. */
    lines: z.array(pricedLineSchema),
    problems: z.array(problemSchema),
    estimatedWatts: z.number().int(),
    /** Dollars: the parts' total when the items were saved (null for builds saved before it was kept), and now. */
    totalThen: z.number().nullable(),
    totalNow: z.number(),
    /** The title it goes by on its public page; kept when it is unpublished, for the next time. */
    title: z.string().nullable(),
    /** When its owner published it (then /builds/{id} shows it to anyone); null while private. */
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type SavedBuild = z.infer<typeof savedBuildSchema>;

/** POST /builds/{id}/publish: the title the build goes by in public. */
export const publishBuildSchema = lazySchema(() =>
  z.object({ title: oneLineText(buildMessages.titleRequired, buildMessages.titleOneLine, BUILD_NAME_MAX) }).strict(),
);

/** A published build as anyone may read it: the owner by display name at most, never by email. */
export const publicBuildCardSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    builder: z.string().nullable(),
    publishedAt: z.string(),
    /** The picture the build is shown by: its case's, else its graphics card's, else its first part's. */
    image: z.string().nullable(),
    partCount: z.number().int(),
    /** Dollars, one of each line's quantity at today's prices; a part no longer sold counts for nothing. */
    total: z.number(),
  }),
);
export type PublicBuildCard = z.infer<typeof publicBuildCardSchema>;

const publicBuildLineSchema = lazySchema(() => pricedLineSchema.extend({ img: z.string() }));

export const publicBuildSchema = lazySchema(() =>
  publicBuildCardSchema.extend({
    lines: z.array(publicBuildLineSchema),
    /** The server's engine on the parts as stored, the same verdict the planner shows. */
    problems: z.array(problemSchema),
    estimatedWatts: z.number().int(),
  }),
);
export type PublicBuild = z.infer<typeof publicBuildSchema>;

// requiredText refuses NUL, which PostgreSQL cannot compare with (a 500 the fuzz found: cpuBrand=%00).
const galleryBrand = (label: string) => requiredText(`${label} must name a brand`, BRAND_MAX);

/** GET /builds/public: a page of the gallery, narrowed by today's total and by the processor's and graphics card's maker. */
export const galleryQuerySchema = lazySchema(() =>
  pageQuerySchema
    .extend({
      minPrice: partFiltersSchema.shape.minPrice,
      maxPrice: partFiltersSchema.shape.maxPrice,
      cpuBrand: galleryBrand('cpuBrand').optional(),
      gpuBrand: galleryBrand('gpuBrand').optional(),
    })
    .strict()
    .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.maxPrice >= q.minPrice, {
      message: 'Max price cannot be below min price',
      path: ['maxPrice'],
    }),
);
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;
/** GET /builds/public/brands: the makers the gallery's processor and graphics card filters offer. */
export const galleryBrandsSchema = lazySchema(() => z.object({ cpu: z.array(z.string()), gpu: z.array(z.string()) }));
export type GalleryBrands = z.infer<typeof galleryBrandsSchema>;

/** The gallery's filters, without the paging. */
export type GalleryFilters = Omit<GalleryQuery, 'limit' | 'cursor'>;

const orderQuantity = lazySchema(() => newOrderSchema.shape.totalOrder);

/** POST /orders/batch: one order with a line per item, all reserved or none. */
export const batchOrderSchema = lazySchema(() =>
  z
    .object({
      items: lines(z.object({ partId: idSchema, totalOrder: orderQuantity }).strict(), 1),
      phoneNumber: newOrderSchema.shape.phoneNumber,
      address: newOrderSchema.shape.address,
      shippingAddress: newOrderSchema.shape.shippingAddress,
      shippingOptionId: newOrderSchema.shape.shippingOptionId,
      discountCodes: newOrderSchema.shape.discountCodes,
    })
    .strict()
    .superRefine(requireADestination),
);
export type BatchOrder = z.infer<typeof batchOrderSchema>;

/** The build's one order (in a list, the documented shape) and its total. */
export const batchOrderResponseSchema = lazySchema(() =>
  z.object({ orders: z.array(orderSchema).length(1), total: z.string() }),
);
export type BatchOrderResponse = z.infer<typeof batchOrderResponseSchema>;
