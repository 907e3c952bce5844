import {
  buildMessages,
  type GalleryBrands,
  type GalleryFilters,
  type PublicBuild,
  type PublicBuildCard,
} from '@parts-shop/shared/build';
import { buildTotalCents } from '@parts-shop/shared/build-total';
import { idSchema } from '@parts-shop/shared/fields';
import { centsToDollars, dollarsToCents } from '@parts-shop/shared/money';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '#api/db/client.ts';
import type { Caller } from '#api/lib/auth.ts';
import { badRequest } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import { checkStoredBuild } from '#api/domain/catalog/build-check.ts';
import { buildNotFound, pricedLines, pricesOf, toSavedBuild } from './builds.service.ts';
import { findOwnBuild, insertBuild } from './builds.repo.ts';
import {
  findPublished,
  findShownParts,
  listGalleryBrands,
  listPublished,
  setPublished,
  type PublishedRow,
  type ShownPart,
} from './public-builds.repo.ts';

/** Published builds (docs/decisions/0048): today's prices, never the owner's email. */

/** Which part's picture stands for the build: what a person recognises a PC by first. */
const PICTURE_ORDER = ['case', 'gpu', 'cpu'];

function toPublicBuild(row: PublishedRow, partOf: ReadonlyMap<string, ShownPart>): PublicBuild {
  // A part deleted since it was published is left out: the page shows what can still be bought.
  const lines = pricedLines(row.items, partOf);
  const pictured = [...lines].sort((a, b) => rank(a.part.kind) - rank(b.part.kind))[0]?.part;
  const totalCents = buildTotalCents(lines.map((l) => ({ unitCents: l.part.priceCents, quantity: l.line.quantity })));
  const { problems, estimatedWatts } = checkStoredBuild(row.items, partOf);
  return {
    id: row.id,
    title: row.title ?? '',
    // A display name that is an address is not shown: no email leaves on a public page.
    builder: row.builder === '' || row.builder.includes('@') ? null : row.builder,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    image: pictured?.img ?? null,
    partCount: lines.length,
    total: centsToDollars(totalCents),
    lines: lines.map(({ part, line }) => ({ ...line, img: part.img })),
    problems,
    estimatedWatts,
  };
}

function rank(kind: string): number {
  const at = PICTURE_ORDER.indexOf(kind);
  return at < 0 ? PICTURE_ORDER.length : at;
}

async function partsOf(db: Db, rows: readonly PublishedRow[]) {
  const found = await findShownParts(db, [...new Set(rows.flatMap((r) => r.items.map((i) => i.partId)))]);
  return new Map(found.map((p) => [p.id, p]));
}

export async function publishBuild(db: Db, caller: Caller, id: string, title: string) {
  const row = await setPublished(db, caller.email, id, title);
  if (!row) throw buildNotFound();
  return toSavedBuild(row, await pricesOf(db, [row]));
}

export async function unpublishBuild(db: Db, caller: Caller, id: string) {
  const row = await setPublished(db, caller.email, id, null);
  if (!row) throw buildNotFound();
  return toSavedBuild(row, await pricesOf(db, [row]));
}

/** A published build as anyone reads it; unknown and private builds alike are not found. */
export async function readPublicBuild(db: Db, id: string): Promise<PublicBuild> {
  const row = await findPublished(db, id);
  if (!row) throw buildNotFound();
  return toPublicBuild(row, await partsOf(db, [row]));
}

/** The cursor is (publishedAt, id): builds go public in any order of their ids. */
export function encodePublicCursor(card: PublicBuildCard): string {
  return Buffer.from(`${Date.parse(card.publishedAt)}.${card.id}`, 'utf8').toString('base64url');
}

export function decodePublicCursor(cursor: string | undefined): { publishedAt: Date; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const [ms, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.', 2);
  const parsedId = idSchema.safeParse(id);
  const at = Number(ms);
  if (!parsedId.success || !/^\d{1,15}$/.test(ms ?? '') || !Number.isSafeInteger(at)) {
    throw badRequest(apiMessages.invalidCursor);
  }
  return { publishedAt: new Date(at), id: parsedId.data };
}

/** One page of the gallery and one more card, which tells pageOf whether another page follows. */
export async function pageOfPublicBuilds(
  db: Db,
  limit: number,
  after?: { publishedAt: Date; id: string },
  filters: GalleryFilters = {},
): Promise<PublicBuildCard[]> {
  const rows = await listPublished(db, limit + 1, after, {
    minCents: filters.minPrice === undefined ? undefined : dollarsToCents(filters.minPrice),
    maxCents: filters.maxPrice === undefined ? undefined : dollarsToCents(filters.maxPrice),
    cpuBrand: filters.cpuBrand,
    gpuBrand: filters.gpuBrand,
  });
  const partOf = await partsOf(db, rows);
  return rows.map((row) => {
    const { lines: _lines, problems: _problems, estimatedWatts: _watts, ...card } = toPublicBuild(row, partOf);
    return card;
  });
}

export async function galleryBrands(db: Db): Promise<GalleryBrands> {
  const rows = await listGalleryBrands(db);
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.brand);
  return { cpu: of('cpu'), gpu: of('gpu') };
}

/**
 * "Start from this build", signed in: a new saved build of the caller's, named for the one copied.
 * The owner's own build is answered as it is (`copied: false`): they open it rather than a copy.
 */
export async function copyPublicBuild(db: Db, caller: Caller, id: string) {
  const own = await findOwnBuild(db, caller.email, id);
  if (own?.publishedAt) return { copied: false, build: toSavedBuild(own, await pricesOf(db, [own])) };
  const source = await findPublished(db, id);
  if (!source) throw buildNotFound();
  // Only the parts still sold: a saved build names parts the catalog has (saveBuild's rule).
  const partOf = await pricesOf(db, [source]);
  const items = source.items.filter((item) => partOf.has(item.partId));
  if (items.length === 0) throw badRequest(buildMessages.noLines);
  const row = await insertBuild(db, {
    id: newId(),
    email: caller.email,
    name: source.title ?? 'Copied build',
    items,
    savedTotalCents: buildTotalCents(
      items.map((i) => ({ unitCents: partOf.get(i.partId)?.priceCents ?? 0, quantity: i.quantity })),
    ),
  });
  return { copied: true, build: toSavedBuild(row, partOf) };
}
