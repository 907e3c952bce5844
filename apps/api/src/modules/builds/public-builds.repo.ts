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

/** The gallery's page: published builds, newest published first, after the (publishedAt, id) key. */
export function listPublished(
  db: Db,
  limit: number,
  after?: { publishedAt: Date; id: string },
): Promise<PublishedRow[]> {
  const key = after
    ? sql`(${builds.publishedAt}, ${builds.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select(publishedColumns)
    .from(builds)
    .leftJoin(users, eq(users.email, builds.email))
    .where(and(isNotNull(builds.publishedAt), key))
    .orderBy(desc(builds.publishedAt), desc(builds.id))
    .limit(limit);
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
    .select({ id: parts.id, name: parts.name, kind: parts.kind, img: parts.img, priceCents: parts.priceCents })
    .from(parts)
    .where(inArray(parts.id, ids));
}
export type ShownPart = Awaited<ReturnType<typeof findShownParts>>[number];
