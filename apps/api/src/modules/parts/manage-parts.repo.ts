import { and, asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { ManagePartsQuery, ManageSort } from '@parts-shop/shared/part-query';
import type { Db } from '#api/db/client.ts';
import { isLowStock, parts } from '#api/db/schema.ts';
import { partColumns, type PartRow } from '#api/domain/catalog/parts.repo.ts';
import { boundFilters, joined, nameSearchCondition } from '#api/domain/catalog/parts-search.ts';
import type { Search } from '#api/domain/catalog/search-words.ts';

/** With whether it runs low and its sort key (its next page's cursor key). */
export type ManagedRow = PartRow & { lowStock: boolean; sortKey: string | number | null };

export type ManageCursor = { key: string | number | null; id: string };

/** Names compare lowercased in byte order ("C"), so list and cursor order alike on any locale. */
function sortKey(sort: ManageSort): SQL | undefined {
  if (sort.startsWith('name')) return sql`lower(${parts.name}) collate "C"`;
  if (sort.startsWith('price')) return sql`${parts.priceCents}`;
  if (sort.startsWith('stock')) return sql`${parts.available}`;
  return undefined;
}

export function listManagedParts(
  db: Db,
  query: ManagePartsQuery,
  cursor: ManageCursor | undefined,
  search: Search | undefined,
): Promise<ManagedRow[]> {
  const filters = joined(nameSearchCondition(search), boundFilters({ kind: query.kind }, []).kind);
  const lowStock = isLowStock(parts.available, parts.lowStockAt);
  const key = sortKey(query.sort);
  const ascending = query.sort.endsWith('_asc');
  const direction = ascending ? asc : desc;
  const row = key === undefined ? sql`${parts.id}` : sql`(${key}, ${parts.id})`;
  const at =
    cursor === undefined
      ? undefined
      : key === undefined
        ? sql`${cursor.id}::uuid`
        : sql`(${cursor.key}${sql.raw(typeof cursor.key === 'string' ? ' collate "C"' : '::integer')}, ${cursor.id}::uuid)`;
  return db
    .select({
      ...partColumns,
      lowStock: sql<boolean>`${lowStock}`,
      sortKey: sql<string | number | null>`${key ?? sql`null`}`,
    })
    .from(parts)
    .where(
      and(
        ...filters.conditions,
        query.lowStock === 'true' ? lowStock : undefined,
        at === undefined ? undefined : ascending ? sql`${row} > ${at}` : sql`${row} < ${at}`,
      ),
    )
    .orderBy(...(key === undefined ? [] : [direction(key)]), direction(parts.id))
    .limit(query.limit + 1)
    .prepare('')
    .execute(filters.values);
}

/** Locked in id order, so two bulk actions never deadlock. */
export function lockPartRows(db: Db, ids: readonly string[]): Promise<PartRow[]> {
  return db
    .select(partColumns)
    .from(parts)
    .where(inArray(parts.id, [...ids]))
    .orderBy(asc(parts.id))
    .for('update');
}
