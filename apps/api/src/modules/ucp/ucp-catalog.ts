import { PAGE_LIMIT_MAX, RATING_MAX } from '@parts-shop/shared/constants';
import { idSchema } from '@parts-shop/shared/fields';
import { centsToDollars } from '@parts-shop/shared/money';
import { hasSearchTerms, partsQuerySchema, type PartsQuery } from '@parts-shop/shared/part-query';
import { PART_KIND_LABELS, specRows } from '@parts-shop/shared/part-specs';
import { UCP_VERSION, type UcpMessage } from '@parts-shop/shared/ucp';
import {
  UCP_LOOKUP_IDS_MAX,
  type UcpCatalogFilters,
  type UcpCatalogLookup,
  type UcpCatalogProduct,
  type UcpCatalogSearch,
} from '@parts-shop/shared/ucp-catalog';
import type { Deps } from '#api/deps.ts';
import { pageOfParts, toPart } from '#api/domain/catalog/part-reads.ts';
import { findPart, type PartRow } from '#api/domain/catalog/parts.repo.ts';
import { HttpError } from '#api/lib/http-error.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { activeCapabilities } from './business-profile.ts';

/**
 * UCP's catalog (search and lookup) over the web shop's own catalog reads: the request becomes the query GET /parts
 * takes, checked by the same schema and answered by the same search, and each part becomes a product with one
 * variant whose id is the part's, the id a checkout's line item names.
 */

export type CatalogAnswer = { statusCode: number; body: Record<string, unknown> };

/** The spec's default page size (catalog/rest.md, conformance). */
const UCP_PAGE_DEFAULT = 10;

type Capability = 'catalogSearch' | 'catalogLookup';
const meta = (capability: Capability, status: 'success' | 'error' = 'success') => ({
  version: UCP_VERSION,
  status,
  capabilities: activeCapabilities([capability]),
});

const refusal = (code: string, path: string, content: string): UcpMessage => ({
  type: 'error',
  code,
  path,
  content,
  severity: 'recoverable',
});

/** A request the shop cannot run: 400 and an error_response naming each field at fault. */
export function invalidRequest(messages: UcpMessage[], statusCode = 400): CatalogAnswer {
  return { statusCode, body: { ucp: { version: UCP_VERSION, status: 'error' }, messages } };
}

/** Where each field of the shop's query came from in the assistant's request, for a refusal to point there. */
const REQUEST_PATHS: Record<string, string> = {
  q: '$.query',
  kind: '$.filters.categories',
  brand: '$.filters.brands',
  minPrice: '$.filters.price.min',
  maxPrice: '$.filters.price.max',
  inStock: '$.filters.in_stock',
  socket: '$.filters.socket',
  memoryType: '$.filters.memory_type',
  formFactor: '$.filters.form_factor',
  limit: '$.pagination.limit',
  cursor: '$.pagination.cursor',
  ids: '$.ids',
};

type ShopFields = Record<string, unknown>;

/** The filters as GET /parts names them. A price in another currency than the shop's is left out, as the spec allows. */
function shopFilters(filters: UcpCatalogFilters | undefined, currency: string | undefined) {
  const fields: ShopFields = {};
  const messages: UcpMessage[] = [];
  if (!filters) return { fields, messages };
  if (filters.categories?.length) fields.kind = filters.categories;
  if (filters.brands?.length) fields.brand = filters.brands;
  if (filters.in_stock) fields.inStock = 'true';
  if (filters.socket !== undefined) fields.socket = filters.socket;
  if (filters.memory_type !== undefined) fields.memoryType = filters.memory_type;
  if (filters.form_factor !== undefined) fields.formFactor = filters.form_factor;
  const { min, max } = filters.price ?? {};
  if (min !== undefined || max !== undefined) {
    if (currency !== undefined && currency !== 'USD') {
      messages.push({
        type: 'info',
        code: 'price_filter_ignored',
        content: `Prices here are in USD only: the price filter in ${currency} was not applied`,
      });
    } else {
      if (min !== undefined) fields.minPrice = centsToDollars(min);
      if (max !== undefined) fields.maxPrice = centsToDollars(max);
    }
  }
  return { fields, messages };
}

function shopQuery(fields: ShopFields): PartsQuery | CatalogAnswer {
  const parsed = partsQuerySchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  return invalidRequest(
    parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      return refusal('invalid_request', REQUEST_PATHS[field] ?? '$', issue.message);
    }),
  );
}

const isAnswer = (value: unknown): value is CatalogAnswer =>
  typeof value === 'object' && value !== null && 'statusCode' in value && 'body' in value;

/** The web shop's read; its refusals (a cursor of another search) become the request's. */
async function pageOf(deps: Deps, query: PartsQuery) {
  try {
    return await pageOfParts(deps, query);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return invalidRequest([refusal('invalid_request', REQUEST_PATHS.cursor ?? '$', error.message)]);
    throw error;
  }
}

const absolute = (origin: string, address: string) => new URL(address, `${origin}/`).toString();

/** A part as UCP's product: one variant, priced in cents; stock and rating as its page shows them. */
function productOf(row: PartRow, origin: string, inputs?: { id: string; match: 'exact' }[]) {
  const part = toPart(row);
  const price = { amount: row.priceCents, currency: 'USD' };
  const url = `${origin}/parts/${part._id}`;
  const description = { plain: part.description };
  const media = part.img ? [{ type: 'image', url: absolute(origin, part.img), alt_text: part.name }] : [];
  // The part page shows no stars before the first rating: neither does the product.
  const rating =
    part.rating.count > 0
      ? { rating: { value: part.rating.average, scale_min: 1, scale_max: RATING_MAX, count: part.rating.count } }
      : {};
  const purchasable = part.available > 0 && part.available >= part.minOrder;
  return {
    id: part._id,
    title: part.name,
    description,
    url,
    categories: [{ value: part.kind, taxonomy: 'merchant' }],
    price_range: { min: price, max: price },
    media,
    variants: [
      {
        id: part._id,
        title: part.name,
        description,
        url,
        price,
        availability: { available: purchasable, status: purchasable ? 'in_stock' : 'out_of_stock' },
        media,
        ...rating,
        metadata: { stock: part.available, minimum_order: part.minOrder },
        ...(inputs ? { inputs } : {}),
      },
    ],
    ...rating,
    metadata: {
      brand: part.brand,
      kind: PART_KIND_LABELS[part.kind],
      specs: Object.fromEntries(specRows(part).map((row) => [row.label, row.value])),
    },
  };
}

/** `search_catalog`: words, kinds, brands, a price range and the spec filters, a page at a time. */
export async function searchCatalog(deps: Deps, input: UcpCatalogSearch): Promise<CatalogAnswer> {
  const { fields, messages } = shopFilters(input.filters, input.context?.currency);
  const filtered = Object.keys(input.filters ?? {}).length > 0;
  if (!hasSearchTerms(input.query) && !filtered) {
    return invalidRequest([refusal('invalid_request', '$', 'Send a query with at least one word, filters, or both')]);
  }
  const asked = input.pagination?.limit ?? UCP_PAGE_DEFAULT;
  const limit = Math.min(asked, PAGE_LIMIT_MAX);
  if (asked > limit) {
    messages.push({
      type: 'info',
      code: 'limit_clamped',
      content: `A page holds at most ${PAGE_LIMIT_MAX} products; pagination.limit ${asked} was taken as ${PAGE_LIMIT_MAX}`,
    });
  }
  const query = shopQuery({ ...fields, q: input.query, limit, cursor: input.pagination?.cursor });
  if (isAnswer(query)) return query;
  const page = await pageOf(deps, query);
  if (isAnswer(page)) return page;
  const rows = page.rows.slice(0, limit);
  const last = rows.at(-1);
  const next = page.rows.length > limit && last ? page.cursorOf(last) : undefined;
  const origin = siteOrigin(deps.config);
  return {
    statusCode: 200,
    body: {
      ucp: meta('catalogSearch'),
      products: rows.map((row) => productOf(row, origin)),
      pagination: next ? { has_next_page: true, cursor: next } : { has_next_page: false },
      ...(messages.length > 0 ? { messages } : {}),
    },
  };
}

/** The parts these ids name, through the same read as GET /parts?ids=, with the request's filters. */
async function partsWithIds(deps: Deps, ids: string[], fields: ShopFields): Promise<PartRow[] | CatalogAnswer> {
  if (ids.length === 0) return [];
  const query = shopQuery({ ...fields, ids, limit: ids.length });
  if (isAnswer(query)) return query;
  const page = await pageOf(deps, query);
  return isAnswer(page) ? page : page.rows;
}

/** `lookup_catalog`: the parts in the order asked; an id that names none is an info message, as the spec says. */
export async function lookupCatalog(deps: Deps, input: UcpCatalogLookup): Promise<CatalogAnswer> {
  const ids = [...new Set(input.ids)];
  if (ids.length > UCP_LOOKUP_IDS_MAX) {
    return invalidRequest([
      refusal(
        'request_too_large',
        '$.ids',
        `A lookup names at most ${UCP_LOOKUP_IDS_MAX} ids; this one names ${ids.length}`,
      ),
    ]);
  }
  const { fields, messages } = shopFilters(input.filters, input.context?.currency);
  const valid = ids.filter((id) => idSchema.safeParse(id).success);
  const known = await partsWithIds(deps, valid, {});
  if (isAnswer(known)) return known;
  const kept = Object.keys(fields).length > 0 ? await partsWithIds(deps, valid, fields) : known;
  if (isAnswer(kept)) return kept;
  const found = new Set(known.map((row) => row.id));
  const byId = new Map(kept.map((row) => [row.id, row]));
  const origin = siteOrigin(deps.config);
  const products = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [productOf(row, origin, [{ id, match: 'exact' }])] : [];
  });
  const missing: UcpMessage[] = ids
    .filter((id) => !found.has(id))
    .map((id) => ({ type: 'info', code: 'not_found', content: id }));
  const all = [...messages, ...missing];
  return {
    statusCode: 200,
    body: { ucp: meta('catalogLookup'), products, ...(all.length > 0 ? { messages: all } : {}) },
  };
}

/** `get_product`: one part as its page shows it, stock held past its hold put back first. */
export async function getProduct(deps: Deps, input: UcpCatalogProduct): Promise<CatalogAnswer> {
  const { fields, messages } = shopFilters(input.filters, input.context?.currency);
  const notFound = {
    statusCode: 200,
    body: {
      ucp: meta('catalogLookup', 'error'),
      messages: [
        { type: 'error', code: 'not_found', content: `Product not found: ${input.id}`, severity: 'unrecoverable' },
      ],
    },
  };
  if (!idSchema.safeParse(input.id).success) return notFound;
  if (Object.keys(fields).length > 0) {
    const kept = await partsWithIds(deps, [input.id], fields);
    if (isAnswer(kept)) return kept;
    if (kept.length === 0) return notFound;
  }
  // As GET /parts/{id}: stock that may lag, re-read on the primary when an order is placed.
  const row = await findPart(deps.publicReads, input.id);
  if (!row) return notFound;
  return {
    statusCode: 200,
    body: {
      ucp: meta('catalogLookup'),
      product: productOf(row, siteOrigin(deps.config)),
      ...(messages.length > 0 ? { messages } : {}),
    },
  };
}
