import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';
import { idField } from './fields.ts';
import { hasAtMostTwoDecimals } from './money.ts';
import {
  BOARD_FORM_FACTORS,
  MEMORY_TYPES,
  PART_KINDS,
  PSU_FORM_FACTORS,
  SOCKETS,
  SPEC_FIELDS,
  STORAGE_FORM_FACTORS,
  type PartKind,
  type PartSpecs,
  type SpecField,
} from './part-specs.ts';
import { BRAND_MAX, PRICE_MAX } from './part.ts';
import { SPEC_PARAMS, specConditions } from './spec-filters.ts';

/** The catalog's search, filters and sort (GET /parts and GET /parts/facets). */
export const PART_SORTS = ['newest', 'price_asc', 'price_desc', 'relevance'] as const;
export type PartSort = (typeof PART_SORTS)[number];

/** A Record over the union, so a sort added without its label does not compile. */
export const SORT_LABELS: Record<PartSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  relevance: 'Best match',
};

export const FORM_FACTORS = [
  ...BOARD_FORM_FACTORS,
  ...PSU_FORM_FACTORS.filter((f) => f !== 'ATX'),
  ...STORAGE_FORM_FACTORS,
] as const;

/** The spec filters every kind shares a name for, with the values each accepts. */
export const SPEC_FILTERS = {
  socket: SOCKETS,
  memoryType: MEMORY_TYPES,
  formFactor: FORM_FACTORS,
} as const satisfies Record<string, readonly string[]>;
export type SpecFilter = keyof typeof SPEC_FILTERS;
export const SPEC_FILTER_NAMES = Object.keys(SPEC_FILTERS) as SpecFilter[];

export const SPEC_FILTER_LABELS: Record<SpecFilter, string> = {
  socket: 'Socket',
  memoryType: 'Memory type',
  formFactor: 'Form factor',
};

/** The spec filters of each kind and the field each reads (a processor's memory type is `memoryTypes`). */
export const SPEC_FILTER_FIELDS: Record<PartKind, Partial<Record<SpecFilter, string>>> = {
  cpu: { socket: 'socket', memoryType: 'memoryTypes' },
  motherboard: { socket: 'socket', memoryType: 'memoryType', formFactor: 'formFactor' },
  memory: { memoryType: 'memoryType' },
  gpu: {},
  storage: { formFactor: 'formFactor' },
  psu: { formFactor: 'formFactor' },
  case: { formFactor: 'motherboardFormFactors' },
  cooling: { socket: 'sockets' },
  fan: {},
  other: {},
};

/** Which spec filters make sense for a kind (the catalog shows only these). */
export function specFiltersOf(kind: PartKind): SpecFilter[] {
  return SPEC_FILTER_NAMES.filter((name) => SPEC_FILTER_FIELDS[kind][name] !== undefined);
}

/** A kind's spec fields that no spec filter already reads: one filter per meaning. */
export function ownSpecFields(kind: PartKind): readonly SpecField[] {
  const covered: readonly (string | undefined)[] = Object.values(SPEC_FILTER_FIELDS[kind]);
  return SPEC_FIELDS[kind].filter((field) => !covered.includes(field.name));
}

/** The values a part answers to for each spec filter: the one rule for filters and facet counts. */
export function specFilterValues(part: PartSpecs): Partial<Record<SpecFilter, readonly string[]>> {
  switch (part.kind) {
    case 'cpu':
      return { socket: [part.specs.socket], memoryType: part.specs.memoryTypes };
    case 'motherboard':
      return {
        socket: [part.specs.socket],
        memoryType: [part.specs.memoryType],
        formFactor: [part.specs.formFactor],
      };
    case 'memory':
      return { memoryType: [part.specs.memoryType] };
    case 'storage':
    case 'psu':
      return { formFactor: [part.specs.formFactor] };
    case 'case':
      return { formFactor: part.specs.motherboardFormFactors };
    case 'cooling':
      return { socket: part.specs.sockets };
    case 'gpu':
    case 'fan':
    case 'other':
      return {};
  }
}

/** Longest search text: enough for any product name, and a 10 KB query is refused. */
export const SEARCH_MAX = 200;

const many = <T extends readonly [string, ...string[]]>(label: string, values: T) => {
  const one = z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });
  // kind=cpu&kind=gpu and kind=cpu,gpu both mean "either".
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')))
    .pipe(z.array(one).max(values.length, `${label} lists too many values`))
    .transform((list) => [...new Set(list)]);
};

/** Most parts `ids` names at once: one page at the default limit holds them all. */
export const PART_IDS_MAX = PAGE_LIMIT_DEFAULT;

/** `ids=a,b,c` (or repeated): these parts only, each a part id, at most PART_IDS_MAX of them. */
const partIds = lazySchema(() =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')))
    .pipe(
      z
        .array(idField('ids must be part ids, separated by commas'))
        .min(1, 'ids must name at least one part')
        .max(PART_IDS_MAX, `ids can name at most ${PART_IDS_MAX} parts`),
    )
    .transform((list) => [...new Set(list)]),
);

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(PRICE_MAX, `${label} must be at most ${PRICE_MAX}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals`);

/** Most brands one filter names: more than the catalog's makers of any one kind. */
export const BRANDS_MAX = 20;

/** `brand=Samsung&brand=Crucial` or `brand=Samsung,Crucial`: parts by any of these makers, named exactly. */
const brands = lazySchema(() =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()))
    .pipe(
      z
        .array(
          z.string().min(1, 'brand must name a brand').max(BRAND_MAX, `A brand is at most ${BRAND_MAX} characters`),
        )
        .max(BRANDS_MAX, `brand can name at most ${BRANDS_MAX} brands`),
    )
    .transform((list) => [...new Set(list)]),
);

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

const filterFields = lazySchema(() => ({
  q: z
    .string()
    .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`)
    .refine((v) => !v.includes('\u0000'), 'Remove the invalid character from the search')
    .optional(),
  kind: many('Kind', PART_KINDS).optional(),
  brand: brands.optional(),
  minPrice: price('Min price').optional(),
  maxPrice: price('Max price').optional(),
  inStock: z.enum(['true', 'false'], { error: 'inStock must be true or false' }).optional(),
  socket: oneOf('Socket', SOCKETS).optional(),
  memoryType: oneOf('Memory type', MEMORY_TYPES).optional(),
  formFactor: oneOf('Form factor', FORM_FACTORS).optional(),
}));

/** `spec.<field>`, `spec.<field>.min`, `spec.<field>.max`: text here, read by specConditions. */
const specFields = lazySchema(
  () =>
    Object.fromEntries(
      SPEC_PARAMS.map((param) => [
        param,
        z
          .string({ error: `${param} must be text` })
          .max(200)
          .optional(),
      ]),
    ) as Record<`spec.${string}`, z.ZodOptional<z.ZodString>>,
);

function checkSpecs(p: { kind?: PartKind[] } & Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const issue of specConditions(p.kind, p).issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.param] });
  }
}

function checkPriceRange(p: { minPrice?: number; maxPrice?: number }, ctx: z.RefinementCtx) {
  if (p.minPrice !== undefined && p.maxPrice !== undefined && p.maxPrice < p.minPrice) {
    ctx.addIssue({ code: 'custom', message: 'Max price cannot be below min price', path: ['maxPrice'] });
  }
}

const pageFields = lazySchema(() => ({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(300).optional(),
}));

/** GET /parts/facets: the filters alone. */
export const partFiltersSchema = lazySchema(() =>
  z
    .object({ ...filterFields, ...specFields })
    .strict()
    .superRefine(checkPriceRange)
    .superRefine(checkSpecs),
);
export type PartFilters = z.output<typeof partFiltersSchema>;

/** GET /parts: the filters, a sort and keyset paging. Without a sort: best match when searching, else newest. */
export const partsQuerySchema = lazySchema(() =>
  z
    .object({
      ...filterFields,
      ...specFields,
      ids: partIds.optional(),
      sort: oneOf('Sort', PART_SORTS).optional(),
      ...pageFields,
    })
    .strict()
    .superRefine(checkPriceRange)
    .superRefine(checkSpecs)
    .superRefine((p, ctx) => {
      if (p.sort === 'relevance' && !hasSearchTerms(p.q)) {
        ctx.addIssue({ code: 'custom', message: 'Sorting by best match needs a search', path: ['sort'] });
      }
    }),
);
export type PartsQuery = z.output<typeof partsQuerySchema>;

/** Manage Products' sorts; stock is the admin's business, so the public sorts leave it out. */
export const MANAGE_SORTS = [
  'newest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
] as const;
export type ManageSort = (typeof MANAGE_SORTS)[number];

export const MANAGE_SORT_LABELS: Record<ManageSort, string> = {
  newest: 'Newest',
  name_asc: 'Name: A to Z',
  name_desc: 'Name: Z to A',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  stock_asc: 'Stock: fewest first',
  stock_desc: 'Stock: most first',
};

/** GET /admin/parts: the catalog's search and kinds, the low-stock filter, a sort and keyset paging. */
export const managePartsQuerySchema = lazySchema(() =>
  z
    .object({
      q: filterFields.q,
      kind: filterFields.kind,
      lowStock: z.enum(['true', 'false'], { error: 'lowStock must be true or false' }).optional(),
      sort: oneOf('Sort', MANAGE_SORTS).default('newest'),
      ...pageFields,
    })
    .strict(),
);
export type ManagePartsQuery = z.output<typeof managePartsQuerySchema>;

/** Words of a search, lowercased: letters and digits only, so they are safe in any query syntax. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}

/** Words a builder types for a maker whose parts are named for a product line. */
export const SEARCH_ALIASES: Readonly<Record<string, readonly string[]>> = {
  nvidia: ['geforce'],
  amd: ['ryzen', 'radeon'],
  intel: ['core'],
};

export function hasSearchTerms(q: string | undefined): boolean {
  return searchTerms(q).length > 0;
}

export function effectiveSort(query: Pick<PartsQuery, 'q' | 'sort'>): PartSort {
  return query.sort ?? defaultSort(hasSearchTerms(query.q));
}

/** Best match when searching, else newest. */
export function defaultSort(searching: boolean): PartSort {
  return searching ? 'relevance' : 'newest';
}

/** GET /parts/facets: how many parts each kind and each spec value would give. */
export const partFacetsSchema = lazySchema(() =>
  z.object({
    total: z.number().int(),
    kind: z.record(z.string(), z.number().int()),
    /** Parts per brand (parts without one are not counted here). */
    brand: z.record(z.string(), z.number().int()),
    socket: z.record(z.string(), z.number().int()),
    memoryType: z.record(z.string(), z.number().int()),
    formFactor: z.record(z.string(), z.number().int()),
    /** With exactly one kind: each of its specs' value counts (choices, yes/no) or range (numbers), with every filter but its own. */
    specs: z
      .record(
        z.string(),
        z.object({
          counts: z.record(z.string(), z.number().int()).optional(),
          min: z.number().nullable().optional(),
          max: z.number().nullable().optional(),
        }),
      )
      .optional(),
    /** When nothing matches a search: the same search with its unknown words swapped for the nearest known ones. */
    didYouMean: z.string().optional(),
    /** True when no part matches every word of q together: the counts (and GET /parts) are of the parts that match some. */
    partialMatch: z.literal(true).optional(),
  }),
);
export type PartFacets = z.infer<typeof partFacetsSchema>;
