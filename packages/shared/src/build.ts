import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { PROBLEM_CODES } from './compatibility.ts';
import { idSchema, requiredText } from './fields.ts';
import { newOrderSchema, orderSchema } from './order.ts';
import { STOCK_MAX } from './part.ts';
import { PART_KINDS } from './part-specs.ts';

/**
 * Builds: the planner's list of parts, checked by the compatibility engine, saved by name and
 * ordered in one step (docs/product.md#build-planner).
 */

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

/** A build's name alone, as the save and rename forms take it. */
export const buildNameSchema = lazySchema(() => z.object({ name: buildName }));
/** POST /builds. */
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

export const savedBuildSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    items: z.array(z.object({ partId: z.string(), quantity: z.number().int() })),
    /** Dollars: the parts' total when the items were saved (null for builds saved before it was kept), and now. */
    totalThen: z.number().nullable(),
    totalNow: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type SavedBuild = z.infer<typeof savedBuildSchema>;

const orderQuantity = lazySchema(() => newOrderSchema.shape.totalOrder);

/** POST /orders/batch: one order with a line per item, all reserved or none. */
export const batchOrderSchema = lazySchema(() =>
  z
    .object({
      items: lines(z.object({ partId: idSchema, totalOrder: orderQuantity }).strict(), 1),
      phoneNumber: newOrderSchema.shape.phoneNumber,
      address: newOrderSchema.shape.address,
    })
    .strict(),
);
export type BatchOrder = z.infer<typeof batchOrderSchema>;

/** The build's one order (in a list, the documented shape) and its total. */
export const batchOrderResponseSchema = lazySchema(() =>
  z.object({ orders: z.array(orderSchema).length(1), total: z.string() }),
);
export type BatchOrderResponse = z.infer<typeof batchOrderResponseSchema>;
