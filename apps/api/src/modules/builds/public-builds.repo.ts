import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { builds, parts, users } from '#api/db/schema.ts';
import type { BuildRow } from './builds.repo.ts';

/** A published build with what its public page may show of its owner: the display name alone. */
export type PublishedRow = Pick<BuildRow, 'id' | 'title' | 'items' | 'publishedAt'> & { builder: string };

const publishedColumns = {
  id: builds.id,
  title: builds.title,
  items: builds.items,
  publishedAt: builds.publishedAt,
  builder: sql<string>`coalesce(${users.userName}, '')`,
};

/** A republished build keeps its first moment (to the ms, as the cursor), so a new title does not move it up. */
export async function setPublished(
  db: Db,
  email: string,
  id: string,
  title: string | null,
): Promise<BuildRow | undefined> {
  const change =
    title === null
      ? { publishedAt: null }
      : { title, publishedAt: sql`coalesce(${builds.publishedAt}, date_trunc('milliseconds', now()))` };
  const [row] = await db
    .update(builds)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(builds.id, id), eq(builds.email, email)))
    .returning();
  return row;
}

/** A build's total at today's prices in cents, summed in the database so the gallery can filter and page on it. */
const todaysTotalCents = sql`(
  select coalesce(sum(p.price_cents::bigint * (line->>'quantity')::int), 0)
  from jsonb_array_elements(${builds.items}) line
  join parts p on p.id = (line->>'partId')::uuid
)`;

/** The build holds a part of this kind by this maker (brands matched as the catalog shows them, case aside). */
const holdsBrand = (kind: 'cpu' | 'gpu', brand: string) => sql`exists (
  select 1 from jsonb_array_elements(${builds.items}) line
  join parts p on p.id = (line->>'partId')::uuid
  where p.kind = ${kind} and lower(p.brand) = lower(${brand})
)`;

export type GalleryFilter = { minCents?: number; maxCents?: number; cpuBrand?: string; gpuBrand?: string };

/** The gallery's page: published builds, newest published first, after the (publishedAt, id) key. */
export function listPublished(
  db: Db,
  limit: number,
  after?: { publishedAt: Date; id: string },
  filter: GalleryFilter = {},
): Promise<PublishedRow[]> {
  const key = after
    ? sql`(${builds.publishedAt}, ${builds.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select(publishedColumns)
    .from(builds)
    .leftJoin(users, eq(users.email, builds.email))
    .where(
      and(
        isNotNull(builds.publishedAt),
        key,
        filter.minCents === undefined ? undefined : sql`${todaysTotalCents} >= ${filter.minCents}`,
        filter.maxCents === undefined ? undefined : sql`${todaysTotalCents} <= ${filter.maxCents}`,
        filter.cpuBrand === undefined ? undefined : holdsBrand('cpu', filter.cpuBrand),
        filter.gpuBrand === undefined ? undefined : holdsBrand('gpu', filter.gpuBrand),
      ),
    )
    .orderBy(desc(builds.publishedAt), desc(builds.id))
    .limit(limit);
}

/** The processor and graphics card makers in published builds: what the gallery's filters offer. */
export async function listGalleryBrands(db: Db): Promise<{ kind: string; brand: string }[]> {
  const result: unknown = await db.execute(sql`
    select distinct p.kind, p.brand
    from ${builds} b
    cross join lateral jsonb_array_elements(b.items) line
    join parts p on p.id = (line->>'partId')::uuid
    where b.published_at is not null and p.kind in ('cpu', 'gpu') and p.brand <> ''
    order by p.brand`);
  // node-postgres and PGlite both answer `{ rows }`.
  return (result as { rows: { kind: string; brand: string }[] }).rows;
}

export async function findPublished(db: Db, id: string): Promise<PublishedRow | undefined> {
  const [row] = await db
    .select(publishedColumns)
    .from(builds)
    .leftJoin(users, eq(users.email, builds.email))
    .where(and(eq(builds.id, id), isNotNull(builds.publishedAt)))
    .limit(1);
  return row;
}

export function findShownParts(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: parts.id,
      name: parts.name,
      kind: parts.kind,
      img: parts.img,
      specs: parts.specs,
      priceCents: parts.priceCents,
    })
    .from(parts)
    .where(inArray(parts.id, ids));
}
export type ShownPart = Awaited<ReturnType<typeof findShownParts>>[number];
