import { asc, count, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';

export type SitemapPage = { page: number; lastmod: Date };

// Milliseconds since the epoch: the same number from PGlite and node-postgres alike.
const epochMs = (column: unknown) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/** The part sitemap files (numbered from 1) and the newest change in each, in one scan. */
export async function partSitemapPages(db: Db, perPage: number): Promise<SitemapPage[]> {
  const numbered = db
    .select({
      createdAt: parts.createdAt,
      page: sql<number>`((row_number() over (order by ${parts.id}) - 1) / ${perPage} + 1)::int`.as('page'),
    })
    .from(parts)
    .as('numbered');
  const rows = await db
    .select({ page: numbered.page, lastmod: epochMs(sql`max(${numbered.createdAt})`) })
    .from(numbered)
    .groupBy(numbered.page)
    .orderBy(numbered.page);
  return rows.map((r) => ({ page: r.page, lastmod: new Date(r.lastmod) }));
}

/** One part sitemap file's parts, in id order (ids are time-ordered UUIDv7). */
export async function partSitemapPage(db: Db, page: number, perPage: number): Promise<{ id: string; lastmod: Date }[]> {
  const rows = await db
    .select({ id: parts.id, lastmod: epochMs(parts.createdAt) })
    .from(parts)
    .orderBy(asc(parts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
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
