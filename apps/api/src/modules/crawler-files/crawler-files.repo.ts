import { and, asc, count, desc, gte, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { builds, completedBuilds, parts } from '#api/db/schema.ts';

/** A part sitemap file (numbered from 1): the first part id in it and its newest change. */
export type SitemapPage = { page: number; firstId: string; lastmod: Date };

const epochMs = (column: unknown) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/** The part sitemap files, each with where it starts in id order, in one scan. */
export async function partSitemapPages(db: Db, perPage: number): Promise<SitemapPage[]> {
  const numbered = db
    .select({
      id: parts.id,
      createdAt: parts.createdAt,
      page: sql<number>`((row_number() over (order by ${parts.id}) - 1) / ${perPage} + 1)::int`.as('page'),
    })
    .from(parts)
    .as('numbered');
  const rows = await db
    .select({
      page: numbered.page,
      // As text: PostgreSQL has no min() for uuid, and the text of a uuid sorts as its bytes do.
      firstId: sql<string>`min(${numbered.id}::text)`,
      lastmod: epochMs(sql`max(${numbered.createdAt})`),
    })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
  return rows.map((r) => ({ page: r.page, firstId: r.firstId, lastmod: new Date(r.lastmod) }));
}

/** One sitemap file's parts by key range in id order: an index read, where OFFSET would walk every part before it. */
export async function partSitemapPage(
  db: Db,
  range: { from: string; before?: string },
  perPage: number,
): Promise<{ id: string; lastmod: Date }[]> {
  const rows = await db
    .select({ id: parts.id, lastmod: epochMs(parts.createdAt) })
    .from(parts)
    .where(and(gte(parts.id, range.from), range.before ? lt(parts.id, range.before) : undefined))
    .orderBy(asc(parts.id))
    .limit(perPage);
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod) }));
}

export type CatalogSummary = { parts: number; inStock: number; minPriceCents: number | null };

export async function catalogSummary(db: Db): Promise<CatalogSummary> {
  const [row] = await db
    .select({
      parts: count(),
      inStock: sql<number>`(count(*) filter (where ${parts.available} > 0))::int`,
      minPriceCents: min(parts.priceCents),
    })
    .from(parts);
  return { parts: row?.parts ?? 0, inStock: row?.inStock ?? 0, minPriceCents: row?.minPriceCents ?? null };
}

export async function publishedBuildPages(db: Db, max: number): Promise<{ id: string; lastmod: Date }[]> {
  const rows = await db
    .select({ id: builds.id, lastmod: epochMs(builds.updatedAt) })
    .from(builds)
    .where(isNotNull(builds.publishedAt))
    .orderBy(desc(builds.publishedAt), desc(builds.id))
    .limit(max);
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod) }));
}

/** The newest completed builds not hidden; a hidden one leaves the file at once (the file is not cached). */
export async function shownCompletedBuildPages(db: Db, max: number): Promise<{ id: string; lastmod: Date }[]> {
  const rows = await db
    .select({ id: completedBuilds.id, lastmod: epochMs(completedBuilds.createdAt) })
    .from(completedBuilds)
    .where(isNull(completedBuilds.hiddenAt))
    .orderBy(desc(completedBuilds.id))
    .limit(max);
  return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod) }));
}
