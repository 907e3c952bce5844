import { and, eq, gt, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { ownSpecFields, type PartFacets } from '@parts-shop/shared/part-query';
import type { PartKind, SpecField } from '@parts-shop/shared/part-specs';
import { isNumeric, type SpecCondition } from '@parts-shop/shared/spec-filters';
import { keepsNamedStatements, type Db } from '#api/db/client.ts';
import { partFacetGroups, parts, partSpecValues } from '#api/db/schema.ts';
import {
  afterCursor,
  allFilters,
  joined,
  orderBy,
  searchCondition,
  specCondition,
  specConditionValue,
  specValue,
  type Bound,
  type BoundFilters,
  type Cursor,
  type PriceOrNewest,
} from './parts-search.ts';
import { grouped, oneWord, type Read } from './best-match.ts';
import type { CatalogPlan } from './catalog-plan.ts';
import { hasCorrections, resolveSearch, someWords, type Search } from './search-words.ts';

/** The columns a part is answered with (not the search document, which only the database reads). */
export const partColumns = {
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
  ratingCount: parts.ratingCount,
  ratingSum: parts.ratingSum,
  lowStockAt: parts.lowStockAt,
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
  ratingCount: number;
  ratingSum: number;
  lowStockAt: number | null;
  /** The relevance of a searched row, when sorted by it (the next page's cursor needs it). */
  rank?: number;
};

export type NewPartRow = Omit<typeof parts.$inferInsert, 'search'>;
export type PartChanges = Partial<
  Pick<
    NewPartRow,
    'name' | 'brand' | 'description' | 'img' | 'minOrder' | 'priceCents' | 'kind' | 'specs' | 'specTags' | 'lowStockAt'
  >
>;

/**
 * The catalog's reads run as prepared statements, one per shape (parts-search.ts): drizzle
 * builds a shape's SQL once, and PostgreSQL parses it once per connection
 * (docs/decisions/0018-prepared-catalog-reads.md; the gain is in docs/performance.md).
 * Shapes run into the thousands (kinds, filters, sorts, cursors), so only the first
 * PREPARED_SHAPES of a database's are named and kept. Past them a read is built and sent
 * unnamed and parsed each time: a stranger cycling through odd combinations slows
 * only those, and cannot grow PostgreSQL's memory.
 */
const PREPARED_SHAPES = 64;

type Prepared<Row> = { execute: (values: Record<string, unknown>) => Promise<Row[]> };

const preparedByDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();
/** Names are unique in the process, not only per pool: a statement's name says which read it is. */
let statementsNamed = 0;

function prepared<Row>(db: Db, shape: string[], build: (name: string) => Prepared<Row>): Prepared<Row> {
  const key = shape.join(' ');
  let byShape = preparedByDb.get(db);
  if (!byShape) preparedByDb.set(db, (byShape = new Map<string, Prepared<unknown>>()));
  const known = byShape.get(key) as Prepared<Row> | undefined;
  if (known) return known;
  // An empty name is node-postgres's unnamed statement: parsed each time, kept nowhere. Behind
  // a transaction pooler every read is one: the next query may run on another server connection.
  if (byShape.size >= PREPARED_SHAPES) return build('');
  const statement = build(keepsNamedStatements(db) ? `parts_${statementsNamed++}` : '');
  byShape.set(key, statement);
  return statement;
}

/** Where the catalog's public reads run (deps.ts). */
export type CatalogReads = { publicReads: Db; onePlanReads: Db };

/** Where a page starts and how many rows it reads. */
export type Page = { cursor: Cursor | undefined; limit: number };

/** A page of parts in a sort other than best match (bestMatchParts). */
export async function listParts(
  db: Db,
  where: BoundFilters,
  sort: PriceOrNewest,
  page: Page,
  search: Search | undefined,
): Promise<PartRow[]> {
  const filters = allFilters(where, search);
  const after = afterCursor(sort, page.cursor);
  const statement = prepared<PartRow>(db, ['list', sort, ...filters.shape, ...after.shape], (name) =>
    db
      .select(partColumns)
      .from(parts)
      .where(and(...filters.conditions, ...after.conditions))
      .orderBy(...orderBy(sort))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return statement.execute({ ...filters.values, ...after.values, limit: page.limit });
}

/**
 * A page of parts in best-match order (best-match.ts). One word without aliases is read
 * from the index first, through onePlanReads (planned once), and its typo lookup is sent only
 * when that does not fill the page. Words no part has together give the parts with the most
 * of them.
 */
export async function bestMatchParts(
  { publicReads: db, onePlanReads }: CatalogReads,
  plan: CatalogPlan,
  { cursor, limit }: Page,
): Promise<PartRow[]> {
  const run = (on: Db, read: Read) =>
    prepared<PartRow>(on, read.shape, (name) => read.build(on, partColumns, name) as Prepared<PartRow>).execute({
      ...read.values,
      limit,
    });
  const [word] = plan.terms;
  const typed =
    plan.match === 'one-word' && word !== undefined ? await run(onePlanReads, oneWord(word, plan.where, cursor)) : [];
  if (typed.length === limit) return typed;
  const search = await resolveSearch(db, plan.terms);
  if (!search) return [];
  if (typed.length > 0 && !hasCorrections(search)) return typed;
  // Ranks below 0 are of the parts that have some of the words (someWords).
  const some = someWords(search);
  if (some && cursor?.key !== undefined && cursor.key < 0) return run(db, grouped(some, plan.where, cursor));
  const rows = await run(db, grouped(search, plan.where, cursor));
  return rows.length > 0 || cursor || !some ? rows : run(db, grouped(some, plan.where, cursor));
}

export type FacetGroup = { kind: PartRow['kind']; brand: string; specTags: string[]; n: number };

/**
 * How many parts share each kind, brand and set of spec tags among those the search, price and
 * stock filters keep: one pass over the parts.
 */
export function countFacetGroups(db: Db, where: BoundFilters, search: Search | undefined): Promise<FacetGroup[]> {
  // The kind, brand and spec-tag filters are applied to the groups (each facet leaves out its own);
  // spec.* conditions, which need one kind, narrow every count.
  const kept = joined(searchCondition(search), where.price, where.stock, where.specs);
  const statement = prepared<FacetGroup>(db, ['facets', ...kept.shape], (name) =>
    db
      .select({ kind: parts.kind, brand: parts.brand, specTags: parts.specTags, n: sql<number>`count(*)::int` })
      .from(parts)
      .where(and(...kept.conditions))
      .groupBy(parts.kind, parts.brand, parts.specTags)
      .prepare(name),
  );
  return statement.execute(kept.values);
}

/**
 * The spec facets of one kind in one pass: per field, a count per choice (or yes and no) or
 * the range of numbers, each among the parts every other spec condition keeps. `where` holds
 * the rest of the filters (search, price, stock, the kind itself).
 */
export async function countSpecFacets(
  db: Db,
  kind: PartKind,
  where: Bound,
  conditions: SpecCondition[],
): Promise<NonNullable<PartFacets['specs']>> {
  const columns: Record<string, SQL> = {};
  const values: Record<string, unknown> = { ...where.values };
  const keep = conditions.map((condition, i) => {
    values[`c${i}`] = specConditionValue(condition);
    return { name: condition.field.name, sql: specCondition(condition, `c${i}`) };
  });
  const fields = ownSpecFields(kind);
  fields.forEach((field, f) => {
    const others = keep.filter((k) => k.name !== field.name).map((k) => k.sql);
    const among = (test: SQL) => and(test, ...others) ?? test;
    const value = specValue(field);
    if (isNumeric(field)) {
      columns[`${f}.min`] = sql`(min((${value})::numeric) filter (where ${among(sql`true`)}))::float8`;
      columns[`${f}.max`] = sql`(max((${value})::numeric) filter (where ${among(sql`true`)}))::float8`;
      return;
    }
    optionsOf(field).forEach((option, o) => {
      const test =
        field.input === 'yesno'
          ? sql`${value} = ${sql.raw(`'${option}'`)}::jsonb`
          : sql`jsonb_exists(${value}, ${option})`;
      columns[`${f}.${o}`] = sql`(count(*) filter (where ${among(test)}))::int`;
    });
  });
  const query = db
    .select(Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, sql<number | null>`${v}`])))
    .from(parts)
    .where(and(...where.conditions));
  const [row = {}] = await query.prepare('').execute(values);
  return specFacets(
    kind,
    (f) => ({ min: row[`${f}.min`] ?? null, max: row[`${f}.max`] ?? null }),
    (f, o) => row[`${f}.${o}`] ?? 0,
  );
}

/** The options a choice or yes/no spec is counted by. */
const optionsOf = (field: SpecField): readonly string[] =>
  field.input === 'yesno' ? ['true', 'false'] : 'options' in field ? field.options : [];

/** A kind's spec facets from each numeric field's range and each option's count (by index). */
function specFacets(
  kind: PartKind,
  range: (field: number) => { min: number | null; max: number | null },
  count: (field: number, option: number) => number,
): NonNullable<PartFacets['specs']> {
  const facets: NonNullable<PartFacets['specs']> = {};
  ownSpecFields(kind).forEach((field, f) => {
    facets[field.name] = isNumeric(field)
      ? range(f)
      : { counts: Object.fromEntries(optionsOf(field).map((option, o) => [option, count(f, o)])) };
  });
  return facets;
}

type MaintainedRow = FacetGroup & { field: string | null; value: unknown };

/**
 * The counts the triggers keep, in one statement: the whole catalog's facet groups
 * (part_facet_groups, what countFacetGroups answers when no search, price, stock or spec.*
 * filter is set) and, for a kind, its spec values (part_spec_values), from which
 * maintainedSpecFacets answers what countSpecFacets would for the kind alone.
 */
export async function maintainedFacets(db: Db, kind: PartKind | undefined) {
  const g = partFacetGroups;
  const v = partSpecValues;
  const groups = db
    .select({
      kind: g.kind,
      brand: g.brand,
      specTags: g.specTags,
      n: g.n,
      field: sql<string | null>`null`,
      value: sql`null::jsonb`,
    })
    .from(g)
    .where(gt(g.n, 0));
  const statement = prepared<MaintainedRow>(db, ['facet_counts', kind ? 'kind' : ''], (name) =>
    (kind
      ? groups.unionAll(
          db
            .select({
              kind: v.kind,
              brand: sql<string>`null::text`,
              specTags: sql<string[]>`null::text[]`,
              n: v.n,
              field: v.field,
              value: v.value,
            })
            .from(v)
            .where(and(eq(v.kind, sql.placeholder('kind')), gt(v.n, 0))),
        )
      : groups
    ).prepare(name),
  );
  const rows = await statement.execute({ kind });
  return {
    groups: rows.filter((row) => row.field === null),
    specs: kind
      ? maintainedSpecFacets(
          kind,
          rows.filter((row) => row.field !== null),
        )
      : undefined,
  };
}

function maintainedSpecFacets(kind: PartKind, rows: MaintainedRow[]): NonNullable<PartFacets['specs']> {
  const fields = ownSpecFields(kind);
  const of = (f: number) => rows.filter((row) => row.field === fields[f]?.name);
  return specFacets(
    kind,
    (f) => {
      const numbers = of(f).flatMap((row) => (typeof row.value === 'number' ? [row.value] : []));
      return numbers.length === 0 ? { min: null, max: null } : { min: Math.min(...numbers), max: Math.max(...numbers) };
    },
    (f, o) => {
      const field = fields[f];
      const option = field ? optionsOf(field)[o] : undefined;
      const value = field?.input === 'yesno' ? option === 'true' : option;
      return of(f).find((row) => row.value === value)?.n ?? 0;
    },
  );
}

export async function findPart(db: Db, id: string): Promise<PartRow | undefined> {
  const [row] = await db.select(partColumns).from(parts).where(eq(parts.id, id)).limit(1);
  return row;
}

export async function insertPart(db: Db, row: NewPartRow): Promise<PartRow> {
  const [inserted] = await insertParts(db, [row]);
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** Inserts many parts in one statement (an import's new rows, a few hundred at a time). */
export function insertParts(db: Db, rows: NewPartRow[]): Promise<PartRow[]> {
  return db.insert(parts).values(rows).returning(partColumns);
}

/** A part with its revision, which counts every change to it, stock moves included (the CSV's version). */
export type RevisedPartRow = PartRow & { revision: number };
const revisedColumns = { ...partColumns, revision: parts.revision };

/** Every part, oldest first (the catalog's export). */

export function allParts(db: Db): Promise<RevisedPartRow[]> {
  return db.select(revisedColumns).from(parts).orderBy(parts.id);
}

/** The parts of these ids; with `lock`, their rows are held until the transaction ends. */
export function findPartsByIds(db: Db, ids: string[], lock: boolean): Promise<RevisedPartRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const query = db.select(revisedColumns).from(parts).where(inArray(parts.id, ids)).orderBy(parts.id);
  return lock ? query.for('update') : query;
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

/** The part as it is, held until the transaction ends (an edit's "before"). */
export async function lockPartRow(db: Db, id: string): Promise<PartRow | undefined> {
  const [row] = await db.select(partColumns).from(parts).where(eq(parts.id, id)).for('update');
  return row;
}

/** Deletes the part; answers the row as it was, or undefined when there was none. */
export async function deletePart(db: Db, id: string): Promise<PartRow | undefined> {
  const [deleted] = await db.delete(parts).where(eq(parts.id, id)).returning(partColumns);
  return deleted;
}

/** What the compatibility engine and the price lines need to know about each part of a build. */
export function findBuildParts(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: parts.id,
      name: parts.name,
      kind: parts.kind,
      specs: parts.specs,
      priceCents: parts.priceCents,
      minOrder: parts.minOrder,
      available: parts.available,
    })
    .from(parts)
    .where(inArray(parts.id, ids));
}
export type BuildPartRow = Awaited<ReturnType<typeof findBuildParts>>[number];

/** How many in-stock parts of a kind an alternative is looked for among, nearest in price first. */
const ALTERNATIVES_READ = 40;

/**
 * Parts of `kind` that can be ordered `quantity` at a time from stock, nearest in price to
 * `priceCents` first (the alternatives to a part the stock cannot cover), `except` left out.
 */
export function findInStockOfKind(db: Db, kind: PartKind, quantity: number, priceCents: number, except: string[]) {
  return db
    .select({
      id: parts.id,
      name: parts.name,
      brand: parts.brand,
      kind: parts.kind,
      specs: parts.specs,
      priceCents: parts.priceCents,
      minOrder: parts.minOrder,
      available: parts.available,
    })
    .from(parts)
    .where(
      and(
        eq(parts.kind, kind),
        gte(parts.available, quantity),
        lte(parts.minOrder, quantity),
        notInArray(parts.id, except),
      ),
    )
    .orderBy(sql`abs(${parts.priceCents} - ${priceCents})`, parts.id)
    .limit(ALTERNATIVES_READ);
}
