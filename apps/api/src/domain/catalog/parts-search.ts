import { arrayContains, asc, desc, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { dollarsToCents } from '@parts-shop/shared/money';
import { idSchema } from '@parts-shop/shared/fields';
import { SPEC_FILTER_NAMES, type PartFilters, type PartSort, type PartsQuery } from '@parts-shop/shared/part-query';
import { parts } from '#api/db/schema.ts';
import { specTag } from './spec-columns.ts';
import { badRequest } from '#api/lib/http-error.ts';
import type { Search } from './search-words.ts';
import type { SpecField } from '@parts-shop/shared/part-specs';
import type { SpecCondition } from '@parts-shop/shared/spec-filters';
import { apiMessages } from '@parts-shop/shared/api-messages';

/**
 * SQL with placeholders, their values, and its shape (which filters are set, never their values):
 * reads of one shape share one prepared statement, so the SQL must follow from the shape alone.
 */
export type Bound = { conditions: SQL[]; values: Record<string, unknown>; shape: string[] };

const bind = sql.placeholder;

const matchQuery = sql`to_tsquery('simple', ${bind('tsquery')})`;

export type PartSelection = PartFilters & Pick<PartsQuery, 'ids'>;

/** Each filter's conditions apart, so that a facet can leave out its own; joined always in this order. */
export type BoundFilters = Record<'kind' | 'brand' | 'ids' | 'price' | 'stock' | 'tags' | 'specs', Bound>;

const noConditions = (): Bound => ({ conditions: [], values: {}, shape: [] });

export function joined(...bounds: Bound[]): Bound {
  return {
    conditions: bounds.flatMap((b) => b.conditions),
    values: Object.assign({}, ...bounds.map((b) => b.values)) as Record<string, unknown>,
    shape: bounds.flatMap((b) => b.shape),
  };
}

export function allFilters(where: BoundFilters, search: Search | undefined): Bound {
  return joined(
    searchCondition(search),
    where.kind,
    where.brand,
    where.ids,
    where.price,
    where.stock,
    where.tags,
    where.specs,
  );
}

export function searchCondition(search: Search | undefined): Bound {
  const bound = noConditions();
  if (search) add(bound, 'q', sql`${parts.search} @@ ${matchQuery}`, { tsquery: search.match });
  return bound;
}

/**
 * The same words matched against the part's name alone: Manage Products' search picks parts for bulk changes, where
 * a brand or a description that mentions the word ("for any cooler") would reprice parts the owner did not mean.
 */
export function nameSearchCondition(search: Search | undefined): Bound {
  const bound = noConditions();
  if (search) add(bound, 'name', sql`to_tsvector('simple', ${parts.name}) @@ ${matchQuery}`, { tsquery: search.match });
  return bound;
}

function add(bound: Bound, shape: string, condition: SQL, values: Record<string, unknown> = {}) {
  bound.conditions.push(condition);
  bound.shape.push(shape);
  Object.assign(bound.values, values);
}

/** One placeholder per value: PostgreSQL reads `kind in ($1)` as `kind = $1`, which the (kind, ...) indexes serve. */
function oneOf(name: 'kind' | 'brand', column: PgColumn, values: string[] | undefined): Bound {
  const bound = noConditions();
  if (values && values.length > 0)
    add(
      bound,
      `${name}${values.length}`,
      inArray(
        column,
        values.map((_, i) => bind(`${name}${i}`)),
      ),
      Object.fromEntries(values.map((value, i) => [`${name}${i}`, value])),
    );
  return bound;
}

export function boundFilters(filters: PartSelection, specs: SpecCondition[]): BoundFilters {
  const where: BoundFilters = {
    kind: oneOf('kind', parts.kind, filters.kind),
    brand: oneOf('brand', parts.brand, filters.brand),
    ids: noConditions(),
    price: noConditions(),
    stock: noConditions(),
    tags: noConditions(),
    specs: noConditions(),
  };
  // One array parameter whatever the count, so every list of ids shares one prepared statement.
  if (filters.ids) add(where.ids, 'ids', sql`${parts.id} = any(${bind('ids')}::uuid[])`, { ids: filters.ids });
  if (filters.minPrice !== undefined)
    add(where.price, 'min', gte(parts.priceCents, bind('minCents')), { minCents: dollarsToCents(filters.minPrice) });
  if (filters.maxPrice !== undefined)
    add(where.price, 'max', lte(parts.priceCents, bind('maxCents')), { maxCents: dollarsToCents(filters.maxPrice) });
  if (filters.inStock === 'true') add(where.stock, 'stock', gt(parts.available, 0));
  for (const name of SPEC_FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined)
      add(where.tags, name, arrayContains(parts.specTags, bind(name)), { [name]: [specTag(name, value)] });
  }
  for (const condition of specs) {
    const name = `spec_${condition.field.name}_${condition.op}`;
    add(where.specs, name, specCondition(condition, name), { [name]: specConditionValue(condition) });
  }
  return where;
}

/** The name is a SPEC_FIELDS name, never typed text. */
export function specValue(field: SpecField): SQL {
  return sql`${parts.specs}->${sql.raw(`'${field.name}'`)}`;
}

export function specCondition(condition: SpecCondition, name: string): SQL {
  const value = specValue(condition.field);
  if ('number' in condition) {
    const op = { eq: '=', min: '>=', max: '<=' }[condition.op];
    return sql`(${value})::numeric ${sql.raw(op)} ${bind(name)}`;
  }
  if ('yes' in condition) return sql`(${value})::boolean = ${bind(name)}`;
  return sql`jsonb_exists_any(${value}, ${bind(name)})`;
}

export function specConditionValue(condition: SpecCondition): unknown {
  return 'number' in condition ? condition.number : 'yes' in condition ? condition.yes : condition.values;
}

function sortKey(sort: PriceOrNewest): PgColumn | undefined {
  return sort === 'newest' ? undefined : parts.priceCents;
}

export type PriceOrNewest = Exclude<PartSort, 'relevance'>;

export function orderBy(sort: PriceOrNewest): SQL[] {
  const key = sortKey(sort);
  const direction = sort === 'price_asc' ? asc : desc;
  return key === undefined ? [desc(parts.id)] : [direction(key), direction(parts.id)];
}

/**
 * Newest carries the last id; the other sorts their key too (`price_asc.12999.<id>`), so the next
 * page starts with one index seek however deep. A cursor made for another sort is refused.
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
  const parsedId = idSchema.safeParse(parts.at(-1));
  if (!parsedId.success) throw badRequest(apiMessages.invalidCursor);
  const id = parsedId.data;
  if (parts.length === 1) {
    if (sort !== 'newest') throw badRequest(apiMessages.cursorOtherSort);
    return { id };
  }
  const [cursorSort, ...rest] = parts.slice(0, -1);
  if (cursorSort !== sort) throw badRequest(apiMessages.cursorOtherSort);
  const key = Number(rest.join('.'));
  if (rest.length !== 1 || !Number.isSafeInteger(key)) throw badRequest(apiMessages.invalidCursor);
  return { id, key };
}

export function afterCursor(sort: PriceOrNewest, cursor: Cursor | undefined): Bound {
  if (!cursor) return noConditions();
  const id = sql`${bind('cursorId')}::uuid`;
  if (sort === 'newest')
    return { conditions: [sql`${parts.id} < ${id}`], values: { cursorId: cursor.id }, shape: ['cursor'] };
  const key = sql`${bind('cursorKey')}::integer`;
  const row = sql`(${sortKey(sort)}, ${parts.id})`;
  const condition = sort === 'price_asc' ? sql`${row} > (${key}, ${id})` : sql`${row} < (${key}, ${id})`;
  return { conditions: [condition], values: { cursorId: cursor.id, cursorKey: cursor.key }, shape: ['cursor'] };
}
