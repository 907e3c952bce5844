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

/** Not the search document, which only the database reads. */
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
  /** A searched row's relevance, for the next page's cursor. */
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
 * One prepared statement per read shape (docs/decisions/0018-prepared-catalog-reads.md). Only the
 * first PREPARED_SHAPES are named and kept; past them a read is sent unnamed, so a stranger cycling
 * through odd combinations slows only those and cannot grow PostgreSQL's memory.
 */
const PREPARED_SHAPES = 64;

type Prepared<Row> = { execute: (values: Record<string, unknown>) => Promise<Row[]> };

const preparedByDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();
let statementsNamed = 0;

function prepared<Row>(db: Db, shape: string[], build: (name: string) => Prepared<Row>): Prepared<Row> {
  const key = shape.join(' ');
  let byShape = preparedByDb.get(db);
  if (!byShape) preparedByDb.set(db, (byShape = new Map<string, Prepared<unknown>>()));
  const known = byShape.get(key) as Prepared<Row> | undefined;
  if (known) return known;
  // An unnamed statement is parsed each time and kept nowhere: behind a transaction pooler the next
  // query may run on another server connection.
  if (byShape.size >= PREPARED_SHAPES) return build('');
  const statement = build(keepsNamedStatements(db) ? `parts_${statementsNamed++}` : '');
  byShape.set(key, statement);
  return statement;
}

export type CatalogReads = { publicReads: Db; onePlanReads: Db };

export type Page = { cursor: Cursor | undefined; limit: number };

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
 * One word without aliases is read from the index first, through onePlanReads, and its typo lookup
 * is sent only when that does not fill the page. Words no part has together give the parts with
 * the most of them.
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

/** How many parts share each kind, brand and set of spec tags among those the search, price and stock filters keep. */
export function countFacetGroups(db: Db, where: BoundFilters, search: Search | undefined): Promise<FacetGroup[]> {
  // Each facet leaves out its own filter, so kind, brand and spec tags are applied to the groups;
  // spec.* conditions narrow every count.
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
 * Per spec field of the kind, a count per option or the range of numbers, each among the parts
 * every other spec condition keeps; `where` holds the other filters.
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

const optionsOf = (field: SpecField): readonly string[] =>
  field.input === 'yesno' ? ['true', 'false'] : 'options' in field ? field.options : [];

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
 * The counts the triggers keep, in one statement: the facet groups and, for a kind, its spec
 * values (what countFacetGroups and countSpecFacets answer when nothing else narrows them).
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

export function insertParts(db: Db, rows: NewPartRow[]): Promise<PartRow[]> {
  return db.insert(parts).values(rows).returning(partColumns);
}

/** `revision` counts every change, stock moves included (the CSV's version). */
export type RevisedPartRow = PartRow & { revision: number };
const revisedColumns = { ...partColumns, revision: parts.revision };

export function allParts(db: Db): Promise<RevisedPartRow[]> {
  return db.select(revisedColumns).from(parts).orderBy(parts.id);
}

export function findPartsByIds(db: Db, ids: string[], lock: boolean): Promise<RevisedPartRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const query = db.select(revisedColumns).from(parts).where(inArray(parts.id, ids)).orderBy(parts.id);
  return lock ? query.for('update') : query;
}

/**
 * One statement, so two admins saving from one version cannot both win. Stock is not touched, so
 * an order placed meanwhile neither conflicts nor is overwritten.
 */
export async function updatePart(db: Db, id: string, version: number, changes: PartChanges) {
  const [row] = await db
    .update(parts)
    .set({ ...changes, version: sql`${parts.version} + 1` })
    .where(and(eq(parts.id, id), eq(parts.version, version)))
    .returning(partColumns);
  return row;
}

export async function lockPartRow(db: Db, id: string): Promise<PartRow | undefined> {
  const [row] = await db.select(partColumns).from(parts).where(eq(parts.id, id)).for('update');
  return row;
}

export async function deletePart(db: Db, id: string): Promise<PartRow | undefined> {
  const [deleted] = await db.delete(parts).where(eq(parts.id, id)).returning(partColumns);
  return deleted;
}

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

const ALTERNATIVES_READ = 40;

/** The alternatives to a part the stock cannot cover: orderable `quantity` at a time, nearest in price first. */
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
