import { z } from 'zod';
import { idSchema } from './fields.ts';
import { formatCents, hasAtMostTwoDecimals } from './money.ts';
import { PRICE_MAX, STOCK_MAX } from './part.ts';
import { lazySchema } from './lazy-schema.ts';

/** The most parts one bulk action in Manage Products takes: one page of the list. */
export const BULK_PARTS_MAX = 100;
/** The largest rise a bulk price change allows, in percent. */
export const BULK_PERCENT_MAX = 1000;

const partIds = lazySchema(() =>
  z
    .array(idSchema)
    .min(1, 'Choose at least one part')
    .max(BULK_PARTS_MAX, `Choose at most ${BULK_PARTS_MAX} parts`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each part can be chosen once'),
);

/** POST /parts/bulk/price (admin): every chosen part's price up or down by `percent`. */
export const bulkPriceSchema = lazySchema(() =>
  z
    .object({
      ids: partIds,
      percent: z
        .number({ error: 'Percent is Required' })
        .refine(Number.isFinite, 'Percent is Required')
        .refine((v) => v !== 0, 'Percent cannot be 0')
        .refine((v) => v > -100, 'Percent must be more than -100')
        .refine((v) => v <= BULK_PERCENT_MAX, `Percent must be at most ${BULK_PERCENT_MAX}`)
        .refine(hasAtMostTwoDecimals, 'Percent can have at most two decimals'),
    })
    .strict(),
);
export type BulkPrice = z.infer<typeof bulkPriceSchema>;

/** POST /parts/bulk/stock (admin): every chosen part's stock set to `available`. */
export const bulkStockSchema = lazySchema(() =>
  z
    .object({
      ids: partIds,
      available: z
        .number({ error: 'Stock is Required' })
        .int('Stock must be a whole number')
        .min(0, 'Stock must be at least 0')
        .max(STOCK_MAX, `Stock must be at most ${STOCK_MAX}`),
    })
    .strict(),
);
export type BulkStock = z.infer<typeof bulkStockSchema>;

export const bulkDeleteSchema = lazySchema(() => z.object({ ids: partIds }).strict());
export type BulkDelete = z.infer<typeof bulkDeleteSchema>;

/** What a bulk action did: all of it, in one transaction, or nothing (a refusal). */
export const bulkPartsAnswerSchema = lazySchema(() =>
  z.object({ changedCount: z.number().int(), message: z.string() }),
);
export type BulkPartsAnswer = z.infer<typeof bulkPartsAnswerSchema>;

/** Rounded half up to the cent in whole numbers, so the server and any preview agree. */
export function priceAfterPercent(cents: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  return Math.floor((cents * (10_000 + hundredths) + 5_000) / 10_000);
}

/** Why a bulk price change stopped: a part whose new price would be below one cent. */
export function belowOneCentMessage(name: string): string {
  return `${name} would cost less than ${formatCents(1)}: no price was changed`;
}

/** Why a bulk price change stopped: a part whose new price would pass the shop's highest. */
export function abovePriceMaxMessage(name: string): string {
  return `${name} would cost more than ${formatCents(PRICE_MAX * 100)}: no price was changed`;
}

/** Manage Products' bulk form: the action and the one figure it needs, checked by the endpoints' own rules. */
export const bulkFormSchema = lazySchema(() =>
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('price'), percent: bulkPriceSchema.shape.percent }),
    z.object({ action: z.literal('stock'), available: bulkStockSchema.shape.available }),
    z.object({ action: z.literal('delete') }),
  ]),
);
export type BulkForm = z.infer<typeof bulkFormSchema>;
