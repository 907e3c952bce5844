import type { SavedBuild } from '@parts-shop/shared/build';
import type { Db } from '#api/db/client.ts';
import type { Caller } from '#api/lib/auth.ts';
import { notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import { buildTotalCents, lineCents } from '@parts-shop/shared/build-total';
import { centsToDollars } from '@parts-shop/shared/money';
import { checkStoredBuild, loadBuildParts } from '#api/domain/catalog/build-check.ts';
import { findBuildParts, type BuildPartRow } from '#api/domain/catalog/parts.repo.ts';
import {
  deleteOwnBuild,
  findOwnBuild,
  insertBuild,
  listBuilds,
  updateOwnBuild,
  type BuildItems,
  type BuildRow,
} from './builds.repo.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** Saved builds belong to the customer who saved them; for anyone else they do not exist (404). */
export const buildNotFound = () => notFound(apiMessages.buildNotFound);

/** What the items cost at the prices in `priceOf`; a part deleted since counts for nothing. */
function totalCents(items: BuildItems, priceOf: ReadonlyMap<string, { priceCents: number }>): number {
  return buildTotalCents(
    items.map((item) => ({ unitCents: priceOf.get(item.partId)?.priceCents ?? 0, quantity: item.quantity })),
  );
}

export async function pricesOf(db: Db, rows: readonly Pick<BuildRow, 'items'>[]) {
  const found = await findBuildParts(db, [...new Set(rows.flatMap((r) => r.items.map((i) => i.partId)))]);
  return new Map(found.map((p) => [p.id, p]));
}

/** A stored line at today's price, or nothing for a part deleted since. */
export function pricedLines<P extends Pick<BuildPartRow, 'id' | 'name' | 'kind' | 'priceCents'>>(
  items: BuildItems,
  partOf: ReadonlyMap<string, P>,
) {
  return items.flatMap((item) => {
    const part = partOf.get(item.partId);
    if (!part) return [];
    return [
      {
        part,
        line: {
          partId: part.id,
          name: part.name,
          kind: part.kind,
          quantity: item.quantity,
          price: centsToDollars(part.priceCents),
          lineTotal: centsToDollars(lineCents({ unitCents: part.priceCents, quantity: item.quantity })),
        },
      },
    ];
  });
}

export function toSavedBuild(row: BuildRow, partOf: ReadonlyMap<string, BuildPartRow>): SavedBuild & { id: string } {
  const { problems, estimatedWatts } = checkStoredBuild(row.items, partOf);
  return {
    id: row.id,
    name: row.name,
    items: row.items,
    lines: pricedLines(row.items, partOf).map((l) => l.line),
    problems,
    estimatedWatts,
    totalThen: row.savedTotalCents === null ? null : centsToDollars(row.savedTotalCents),
    totalNow: centsToDollars(totalCents(row.items, partOf)),
    title: row.title,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function pageOfBuilds(db: Db, caller: Caller, limit: number, before?: string) {
  const rows = await listBuilds(db, caller.email, limit + 1, before);
  const priceOf = await pricesOf(db, rows);
  return rows.map((row) => toSavedBuild(row, priceOf));
}

export async function getBuild(db: Db, caller: Caller, id: string) {
  const row = await findOwnBuild(db, caller.email, id);
  if (!row) throw buildNotFound();
  return toSavedBuild(row, await pricesOf(db, [row]));
}

export async function saveBuild(db: Db, caller: Caller, input: { name: string; items: BuildItems }) {
  // A build names parts the catalog has at the time it is saved.
  const priceOf = await loadBuildParts(db, input.items);
  const row = await insertBuild(db, {
    id: newId(),
    email: caller.email,
    name: input.name,
    items: input.items,
    savedTotalCents: totalCents(input.items, priceOf),
  });
  return toSavedBuild(row, priceOf);
}

export async function changeBuild(db: Db, caller: Caller, id: string, change: { name?: string; items?: BuildItems }) {
  if (!(await findOwnBuild(db, caller.email, id))) throw buildNotFound();
  // New items are priced as they are saved; a rename keeps the total they were saved at.
  const priceOf = change.items ? await loadBuildParts(db, change.items) : undefined;
  const savedTotalCents = change.items && priceOf ? totalCents(change.items, priceOf) : undefined;
  const row = await updateOwnBuild(db, caller.email, id, { ...change, savedTotalCents });
  if (!row) throw buildNotFound();
  return toSavedBuild(row, priceOf ?? (await pricesOf(db, [row])));
}

export async function removeBuild(db: Db, caller: Caller, id: string): Promise<void> {
  if ((await deleteOwnBuild(db, caller.email, id)) === 0) throw buildNotFound();
}
