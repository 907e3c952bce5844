import { arrayContains, asc, desc, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dollarsToCents } from '@parts-shop/shared/money';
import { idSchema } from '@parts-shop/shared/fields';
import {
  SPEC_FILTER_NAMES,
  searchTerms,
  type PartFilters,
  type PartSort,
  type SpecFilter,
} from '@parts-shop/shared/part-query';
import { parts } from '../../db/schema.ts';
import { specTag } from '../../domain/catalog/spec-columns.ts';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Turns the catalog's filters and sort into SQL over the parts table's indexes: the GIN
 * index on the search document, the GIN index on spec tags, and B-trees on (price, id),
 * (kind, id) and (kind, price, id) for keyset paging in every sort.
 */

/**
 * The search as a tsquery: every word must appear, each as a prefix (`ryz` finds Ryzen).
 * Words are letters and digits only (searchTerms), so nothing typed can change the syntax.
 */
export function tsQueryOf(q: string | undefined): SQL | undefined {
  const terms = searchTerms(q);
  if (terms.length === 0) return undefined;
  return sql`to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(' & ')})`;
}

/** The filters as conditions, leaving out one (a facet counts what choosing it would give). */
export function filterConditions(filters: PartFilters, leaveOut?: 'kind' | SpecFilter): SQL[] {
  const conditions: SQL[] = [];
  const query = tsQueryOf(filters.q);
  if (query) conditions.push(sql`${parts.search} @@ ${query}`);
  if (filters.kind?.length && leaveOut !== 'kind') conditions.push(inArray(parts.kind, filters.kind));
  if (filters.minPrice !== undefined) conditions.push(gte(parts.priceCents, dollarsToCents(filters.minPrice)));
  if (filters.maxPrice !== undefined) conditions.push(lte(parts.priceCents, dollarsToCents(filters.maxPrice)));
  if (filters.inStock === 'true') conditions.push(gt(parts.available, 0));
  for (const name of SPEC_FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && leaveOut !== name)
      conditions.push(arrayContains(parts.specTags, [specTag(name, value)]));
  }
  return conditions;
}

/** The column or expression a sort orders by before the id that breaks ties. */
export function sortKey(sort: PartSort, q: string | undefined): SQL | PgColumn | undefined {
  if (sort === 'price_asc' || sort === 'price_desc') return parts.priceCents;
  if (sort === 'relevance') return sql`ts_rank(${parts.search}, ${tsQueryOf(q) ?? sql`''::tsquery`})`;
  return undefined;
}

export function orderBy(sort: PartSort, q: string | undefined): SQL[] {
  const key = sortKey(sort, q);
  const direction = sort === 'price_asc' ? asc : desc;
  return key === undefined ? [desc(parts.id)] : [direction(key), direction(parts.id)];
}

/**
 * A page's cursor: where the last row stood in the sort. Newest is the last id (as before);
 * the other sorts carry their key too, `price_asc.12999.<id>`, so the next page starts with
 * one index seek however deep it is. A cursor made for another sort is refused.
 */
export type Cursor = { id: string; key?: number };

export function encodeSortCursor(sort: PartSort, id: string, key: number | undefined): string {
  const text = sort === 'newest' || key === undefined ? id : `${sort}.${key}.${id}`;
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function decodeSortCursor(sort: PartSort, cursor: string | undefined): Cursor | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const parts = text.split('.');
  const id = parts.at(-1) ?? '';
  if (!idSchema.safeParse(id).success) throw badRequest('Invalid cursor');
  if (parts.length === 1) {
    if (sort !== 'newest') throw badRequest('This cursor belongs to another sort; start again from the first page');
    return { id };
  }
  // The key may itself hold a dot (a relevance like 0.0607927), so it is everything between.
  const [cursorSort, ...rest] = parts.slice(0, -1);
  if (cursorSort !== sort) throw badRequest('This cursor belongs to another sort; start again from the first page');
  const key = Number(rest.join('.'));
  const valid = sort === 'relevance' ? Number.isFinite(key) : Number.isSafeInteger(key);
  if (rest.length === 0 || !valid) throw badRequest('Invalid cursor');
  return { id, key };
}

/** The rows after the cursor in the sort's order. */
export function afterCursor(sort: PartSort, q: string | undefined, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const id = sql`${cursor.id}::uuid`;
  switch (sort) {
    case 'newest':
      return sql`${parts.id} < ${id}`;
    case 'price_asc':
      return sql`(${parts.priceCents}, ${parts.id}) > (${cursor.key}::integer, ${id})`;
    case 'price_desc':
      return sql`(${parts.priceCents}, ${parts.id}) < (${cursor.key}::integer, ${id})`;
    case 'relevance':
      return sql`(${sortKey(sort, q)}, ${parts.id}) < (${cursor.key}::real, ${id})`;
  }
}
