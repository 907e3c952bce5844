import { and, eq, sql } from 'drizzle-orm';
import type { PartFilters, PartSort } from '@parts-shop/shared/part-query';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';
import { afterCursor, filterConditions, orderBy, sortKey, type Cursor } from './parts-search.ts';
import type { Search } from './search-words.ts';

/** The columns a part is answered with (not the search document, which only the database reads). */
const partColumns = {
  id: parts.id,
  name: parts.name,
  brand: parts.brand,
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
  brand: string;
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
  Pick<NewPartRow, 'name' | 'brand' | 'description' | 'img' | 'minOrder' | 'priceCents' | 'kind' | 'specs' | 'specTags'>
>;

/**
 * The catalog's reads run as prepared statements, one per shape (parts-search.ts): drizzle
 * builds a shape's SQL once, and PostgreSQL parses it once per connection, which gave the
 * list about a third more reads per second (docs/decisions/0018-prepared-catalog-reads.md).
 * Shapes run into the thousands (kinds, filters, sorts, cursors), so only the first
 * PREPARED_SHAPES of a database's are named and kept. Past them a read is built and sent
 * unnamed, parsed each time, as before: a stranger cycling through odd combinations slows
 * only those, and cannot grow PostgreSQL's memory.
 */
const PREPARED_SHAPES = 64;

type Prepared<Row> = { execute: (values: Record<string, unknown>) => Promise<Row[]> };

const preparedByDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();

function prepared<Row>(db: Db, shape: string[], build: (name: string) => Prepared<Row>): Prepared<Row> {
  const key = shape.join(' ');
  let byShape = preparedByDb.get(db);
  if (!byShape) preparedByDb.set(db, (byShape = new Map<string, Prepared<unknown>>()));
  const known = byShape.get(key) as Prepared<Row> | undefined;
  if (known) return known;
  // An empty name is node-postgres's unnamed statement: parsed each time, kept nowhere.
  if (byShape.size >= PREPARED_SHAPES) return build('');
  const statement = build(`parts_${byShape.size}`);
  byShape.set(key, statement);
  return statement;
}

export function listParts(
  db: Db,
  query: PartFilters & { limit: number },
  sort: PartSort,
  cursor: Cursor | undefined,
  search: Search | undefined,
): Promise<PartRow[]> {
  const filters = filterConditions(query, search);
  const after = afterCursor(sort, cursor, search);
  const statement = prepared<PartRow>(db, ['list', sort, ...filters.shape, ...after.shape], (name) =>
    db
      .select(sort === 'relevance' ? { ...partColumns, rank: sql<number>`${sortKey(sort, search)}` } : partColumns)
      .from(parts)
      .where(and(...filters.conditions, ...after.conditions))
      .orderBy(...orderBy(sort, search))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return statement.execute({ ...filters.values, ...after.values, limit: query.limit });
}

export type FacetGroup = { kind: PartRow['kind']; specTags: string[]; n: number };

/**
 * How many parts share each kind and set of spec tags among those the search, price and
 * stock filters keep: one pass, over the (kind, spec_tags) index when nothing else filters.
 */
export function countFacetGroups(db: Db, filters: PartFilters, search: Search | undefined): Promise<FacetGroup[]> {
  const { minPrice, maxPrice, inStock } = filters;
  const kept = filterConditions({ minPrice, maxPrice, inStock }, search);
  const statement = prepared<FacetGroup>(db, ['facets', ...kept.shape], (name) =>
    db
      .select({ kind: parts.kind, specTags: parts.specTags, n: sql<number>`count(*)::int` })
      .from(parts)
      .where(and(...kept.conditions))
      .groupBy(parts.kind, parts.specTags)
      .prepare(name),
  );
  return statement.execute(kept.values);
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
