import { centsToDollars } from '@parts-shop/shared/money';
import type { Part } from '@parts-shop/shared/part';
import type { PartsQuery, PartSort } from '@parts-shop/shared/part-query';
import type { PartSpecs } from '@parts-shop/shared/part-specs';
import type { Db } from '#api/db/client.ts';
import { notFound } from '#api/lib/http-error.ts';
import { bestMatchParts, findPart, listParts, type CatalogReads, type Page, type PartRow } from './parts.repo.ts';
import { encodeSortCursor, type PriceOrNewest } from './parts-search.ts';
import { planPageRead, type CatalogPlan } from './catalog-plan.ts';
import { resolveSearch, someWords } from './search-words.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** Without the admins' low-stock threshold, which tells a stranger how the shop restocks. */
export function toPart(row: PartRow): Part {
  return {
    _id: row.id,
    name: row.name,
    brand: row.brand,
    description: row.description,
    img: row.img,
    minOrder: row.minOrder,
    available: row.available,
    price: centsToDollars(row.priceCents),
    version: row.version,
    rating: ratingOf(row),
    // Written only after the shared partSpecsSchema accepted them.
    ...({ kind: row.kind, specs: row.specs } as PartSpecs),
  };
}

export function toAdminPart(row: PartRow): Part {
  return { ...toPart(row), lowStockAt: row.lowStockAt };
}

function ratingOf({ ratingCount: count, ratingSum: sum }: PartRow): Part['rating'] {
  return { average: count === 0 ? 0 : Math.round((sum * 10) / count) / 10, count };
}

/** One more row than the limit, and the next page's cursor. */
export async function pageOfParts(reads: CatalogReads, query: PartsQuery) {
  const plan = planPageRead(query);
  const { sort } = plan;
  const page = { cursor: plan.cursor, limit: plan.limit + 1 };
  const rows =
    sort === 'relevance'
      ? await bestMatchParts(reads, plan, page)
      : await sortedParts(reads.publicReads, plan, sort, page);
  return { rows, cursorOf: (last: PartRow) => cursorAfter(sort, last) };
}

/**
 * When no part has every search word, of the parts that have some (as the facets count them); a
 * later page finds out with one row of the full search.
 */
async function sortedParts(db: Db, plan: CatalogPlan, sort: PriceOrNewest, page: Page) {
  const search = await resolveSearch(db, plan.terms);
  const rows = await listParts(db, plan.where, sort, page, search);
  const some = search && someWords(search);
  if (rows.length > 0 || !some) return rows;
  const first = { cursor: undefined, limit: 1 };
  if (page.cursor && (await listParts(db, plan.where, sort, first, search)).length > 0) return rows;
  return listParts(db, plan.where, sort, page, some);
}

function cursorAfter(sort: PartSort, row: PartRow): string {
  const key = sort === 'relevance' ? row.rank : sort === 'newest' ? undefined : row.priceCents;
  return encodeSortCursor(sort, row.id, key);
}

export async function getPart(db: Db, id: string, view: (row: PartRow) => Part = toPart) {
  const row = await findPart(db, id);
  if (!row) throw notFound(apiMessages.partNotFound);
  return view(row);
}
