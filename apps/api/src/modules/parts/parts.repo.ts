import { and, eq, sql } from 'drizzle-orm';
import type { PartFilters, PartSort } from '@parts-shop/shared/part-query';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import { afterCursor, filterConditions, orderBy, sortKey, type Cursor } from './parts-search.ts';

/** The columns a part is answered with (not the search document, which only the database reads). */
const partColumns = {
  id: parts.id,
  name: parts.name,
  description: parts.description,
  img: parts.img,
  minOrder: parts.minOrder,
  available: parts.available,
  priceCents: parts.priceCents,
  kind: parts.kind,
  specs: parts.specs,
  version: parts.version,
};

export type PartRow = {
  id: string;
  name: string;
  description: string;
  img: string;
  minOrder: number;
  available: number;
  priceCents: number;
  kind: (typeof parts.$inferSelect)['kind'];
  specs: Record<string, unknown>;
  version: number;
  /** The relevance of a searched row, when sorted by it (the next page's cursor needs it). */
  rank?: number;
};

export type NewPartRow = Omit<typeof parts.$inferInsert, 'search'>;
export type PartChanges = Partial<
  Pick<NewPartRow, 'name' | 'description' | 'img' | 'minOrder' | 'priceCents' | 'kind' | 'specs' | 'specTags'>
>;

export function listParts(
  db: Db,
  query: PartFilters & { limit: number },
  sort: PartSort,
  cursor: Cursor | undefined,
): Promise<PartRow[]> {
  const rank = sort === 'relevance' ? sortKey(sort, query.q) : undefined;
  return db
    .select(rank ? { ...partColumns, rank: sql<number>`${rank}` } : partColumns)
    .from(parts)
    .where(and(...filterConditions(query), afterCursor(sort, query.q, cursor)))
    .orderBy(...orderBy(sort, query.q))
    .limit(query.limit);
}

export type FacetGroup = { kind: PartRow['kind']; specTags: string[]; n: number };

/**
 * How many parts share each kind and set of spec tags among those the search, price and
 * stock filters keep: one pass, over the (kind, spec_tags) index when nothing else filters.
 */
export function countFacetGroups(db: Db, filters: PartFilters): Promise<FacetGroup[]> {
  const { q, minPrice, maxPrice, inStock } = filters;
  return db
    .select({ kind: parts.kind, specTags: parts.specTags, n: sql<number>`count(*)::int` })
    .from(parts)
    .where(and(...filterConditions({ q, minPrice, maxPrice, inStock })))
    .groupBy(parts.kind, parts.specTags);
}

export async function findPart(db: Db, id: string): Promise<PartRow | undefined> {
  const [row] = await db.select(partColumns).from(parts).where(eq(parts.id, id)).limit(1);
  return row;
}

export async function insertPart(db: Db, row: NewPartRow): Promise<PartRow> {
  const [inserted] = await db.insert(parts).values(row).returning(partColumns);
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/**
 * Applies an edit if, and only if, nobody saved since `version` was read: one statement, so two
 * admins saving at once cannot both win. Stock is not touched, so an order placed meanwhile
 * (which moves `available` only) neither conflicts nor is overwritten.
 */
export async function updatePart(db: Db, id: string, version: number, changes: PartChanges) {
  const [row] = await db
    .update(parts)
    .set({ ...changes, version: sql`${parts.version} + 1` })
    .where(and(eq(parts.id, id), eq(parts.version, version)))
    .returning(partColumns);
  return row;
}

export async function deletePart(db: Db, id: string): Promise<number> {
  const deleted = await db.delete(parts).where(eq(parts.id, id)).returning({ id: parts.id });
  return deleted.length;
}
