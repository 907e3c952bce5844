import { z } from 'zod';
import { protocolText } from './fields.ts';
import { lazySchema } from './lazy-schema.ts';
import { BRANDS_MAX, PART_IDS_MAX, SEARCH_MAX } from './part-query.ts';
import { BRAND_MAX, PRICE_MAX } from './part.ts';
import { PART_KINDS } from './part-specs.ts';

/**
 * What an assistant sends to UCP's catalog (2026-04-08: catalog_search.json, catalog_lookup.json). The filters it
 * may name are the web shop's: each is handed to the catalog's own query schema, which says what a value may be.
 */

/** The filters the shop takes: the spec's `categories` (the part kinds) and `price`, and its own beside them. */
export const UCP_CATALOG_FILTERS = [
  'categories',
  'price',
  'brands',
  'in_stock',
  'socket',
  'memory_type',
  'form_factor',
] as const;

const unknownFilter = (keys: string[]) =>
  `${keys.map((k) => `filters.${k}`).join(', ')}: not a filter of this shop, which takes ${UCP_CATALOG_FILTERS.join(', ')}`;

/** Minor units (cents), as UCP's amount.json: a whole number from 0 to the dearest price a part may have. */
const amount = (label: string) =>
  z
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} must be at least 0`)
    .max(PRICE_MAX * 100, `${label} must be at most ${PRICE_MAX * 100} (cents)`);

const filtersSchema = lazySchema(() =>
  z.strictObject(
    {
      categories: z.array(protocolText(40)).max(PART_KINDS.length).optional(),
      price: z
        .strictObject({ min: amount('filters.price.min').optional(), max: amount('filters.price.max').optional() })
        .optional(),
      brands: z.array(protocolText(BRAND_MAX)).max(BRANDS_MAX).optional(),
      in_stock: z.boolean().optional(),
      socket: protocolText(40).optional(),
      memory_type: protocolText(40).optional(),
      form_factor: protocolText(40).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFilter(issue.keys) : undefined) },
  ),
);
export type UcpCatalogFilters = z.output<typeof filtersSchema>;

/** Hints the shop reads (`currency`) or lets pass: the spec lets a business ignore what it does not use. */
const contextSchema = lazySchema(() => z.looseObject({ currency: protocolText(3).optional() }));
const passThrough = lazySchema(() => z.record(protocolText(200), z.unknown()));

const common = lazySchema(() => ({
  filters: filtersSchema.optional(),
  context: contextSchema.optional(),
  signals: passThrough.optional(),
  attribution: passThrough.optional(),
}));

/** POST /catalog/search and the `search_catalog` tool's `catalog`. */
export const ucpCatalogSearchSchema = lazySchema(() =>
  z.looseObject({
    query: protocolText(SEARCH_MAX).optional(),
    pagination: z
      .looseObject({
        cursor: protocolText(300).optional(),
        // Above the most a page holds it is clamped (the spec allows it), with a message.
        limit: z
          .int('pagination.limit must be a whole number')
          .min(1, 'pagination.limit must be at least 1')
          .optional(),
      })
      .optional(),
    ...common,
  }),
);
export type UcpCatalogSearch = z.output<typeof ucpCatalogSearchSchema>;

/** Most ids one lookup names: more is the spec's `request_too_large`. */
export const UCP_LOOKUP_IDS_MAX = PART_IDS_MAX;

/** POST /catalog/lookup and the `lookup_catalog` tool's `catalog`. */
export const ucpCatalogLookupSchema = lazySchema(() =>
  z.looseObject({
    ids: z.array(protocolText(100)).min(1, 'ids must name at least one product'),
    ...common,
  }),
);
export type UcpCatalogLookup = z.output<typeof ucpCatalogLookupSchema>;

/** POST /catalog/product and the `get_product` tool's `catalog`. A part has no options, so `selected` changes nothing. */
export const ucpCatalogProductSchema = lazySchema(() =>
  z.looseObject({
    id: protocolText(100),
    selected: z
      .array(z.looseObject({ name: protocolText(100), label: protocolText(100) }))
      .max(20)
      .optional(),
    preferences: z.array(protocolText(100)).max(20).optional(),
    ...common,
  }),
);
export type UcpCatalogProduct = z.output<typeof ucpCatalogProductSchema>;
