import { centsToDollars, dollarsToCents } from '@parts-shop/shared/money';
import type { PriceHistory } from '@parts-shop/shared/alert';
import { listPriceHistory } from './price-history.repo.ts';
import type { PartSpecs } from '@parts-shop/shared/part-specs';
import { STALE_VERSION_MESSAGE, STOCK_MAX, type NewPart, type PartEdit } from '@parts-shop/shared/part';
import { SPEC_FILTER_NAMES, type PartFacets, type PartFilters } from '@parts-shop/shared/part-query';
import type { Db } from '#api/db/client.ts';
import { conflict, notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import { getPart, toAdminPart } from '#api/domain/catalog/part-reads.ts';
import {
  countFacetGroups,
  countSpecFacets,
  maintainedFacets,
  deletePart,
  allParts,
  findPart,
  insertPart,
  lockPartRow,
  updatePart,
  type CatalogReads,
  type PartChanges,
  type PartRow,
} from '#api/domain/catalog/parts.repo.ts';
import { specColumns, specTag, specTagValue } from '#api/domain/catalog/spec-columns.ts';
import { adjustStock } from '#api/domain/stock/stock.repo.ts';
import { fireAlerts } from '#api/domain/alerts/fire-alerts.ts';
import { changedFields, recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import { mailLowStock } from '#api/domain/stock/low-stock.ts';
import { joined, searchCondition } from '#api/domain/catalog/parts-search.ts';
import { resolveSearch, someWords, suggestSearch, type Search } from '#api/domain/catalog/search-words.ts';
import { planCatalogRead, type CatalogPlan } from '#api/domain/catalog/catalog-plan.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { partsToCsv } from './parts-csv.ts';

/**
 * Each facet counts with every filter but its own, `total` with all. The database groups the parts
 * the search, price and stock filters keep; the other filters are applied to the groups here.
 * Without those, the counts the triggers keep are read (docs/decisions/0024-maintained-facet-counts.md).
 */
export async function partFacets(
  { publicReads: db, onePlanReads }: CatalogReads,
  filters: PartFilters,
): Promise<PartFacets> {
  const plan = planCatalogRead(filters);
  const full = await resolveSearch(db, plan.terms);
  const facets = await countFacets(db, onePlanReads, plan, full);
  // No part has every word: the counts are of the parts that have some, as GET /parts lists them.
  const some = facets.total === 0 && full ? someWords(full) : undefined;
  if (some) {
    const partial = await countFacets(db, onePlanReads, plan, some);
    if (partial.total > 0) return { ...partial, partialMatch: true };
  }
  if (facets.total === 0) {
    const suggestion = await suggestSearch(db, plan.terms);
    if (suggestion) facets.didYouMean = suggestion;
  }
  return facets;
}

async function countFacets(
  db: Db,
  onePlanReads: Db,
  { filters, specConditions: conditions, where }: CatalogPlan,
  search: Search | undefined,
): Promise<PartFacets> {
  const facets: PartFacets = { total: 0, kind: {}, brand: {}, socket: {}, memoryType: {}, formFactor: {} };
  const chosen = SPEC_FILTER_NAMES.flatMap((name) => {
    const value = filters[name];
    return value === undefined ? [] : [{ name, tag: specTag(name, value) }];
  });
  const { kind: kinds, brand: brands, minPrice, maxPrice, inStock } = filters;
  const counted =
    search === undefined &&
    minPrice === undefined &&
    maxPrice === undefined &&
    inStock !== 'true' &&
    conditions.length === 0;
  const kind = kinds?.length === 1 ? kinds[0] : undefined;
  const alone = chosen.length === 0 && !brands?.length;
  const maintained = counted ? await maintainedFacets(onePlanReads, alone ? kind : undefined) : undefined;
  const groups = maintained ? maintained.groups : await countFacetGroups(db, where, search);
  for (const group of groups) {
    const kindFits = !kinds?.length || kinds.includes(group.kind);
    const brandFits = !brands?.length || brands.includes(group.brand);
    const unmet = chosen.filter((c) => !group.specTags.includes(c.tag)).map((c) => c.name);
    if (unmet.length === 0 && brandFits) {
      facets.kind[group.kind] = (facets.kind[group.kind] ?? 0) + group.n;
      if (kindFits) facets.total += group.n;
    }
    if (unmet.length === 0 && kindFits && group.brand !== '')
      facets.brand[group.brand] = (facets.brand[group.brand] ?? 0) + group.n;
    if (!kindFits || !brandFits || unmet.length > 1) continue;
    for (const name of SPEC_FILTER_NAMES) {
      if (unmet.length === 1 && unmet[0] !== name) continue;
      for (const tag of group.specTags) {
        const value = specTagValue(name, tag);
        if (value !== undefined) facets[name][value] = (facets[name][value] ?? 0) + group.n;
      }
    }
  }
  if (maintained?.specs) facets.specs = maintained.specs;
  else if (kind) {
    const rest = joined(searchCondition(search), where.kind, where.brand, where.price, where.stock, where.tags);
    facets.specs = await countSpecFacets(db, kind, rest, conditions);
  }
  return facets;
}

export function auditedPart(row: PartRow) {
  const { name, brand, description, img, minOrder, available, lowStockAt, priceCents, kind, specs } = row;
  return { name, brand, description, img, minOrder, available, lowStockAt, priceCents, kind, specs };
}

export async function createPart(db: Db, caller: Actor, input: NewPart): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await insertPart(tx, {
      id: newId(),
      name: input.name,
      brand: input.brand,
      description: input.description,
      img: input.img,
      minOrder: input.minOrder,
      available: input.available,
      priceCents: dollarsToCents(input.price),
      lowStockAt: input.lowStockAt ?? null,
      ...specColumns(input),
    });
    await recordChange(tx, caller, {
      kind: 'product.create',
      entity: 'part',
      entityId: row.id,
      before: null,
      after: auditedPart(row),
    });
    return row.id;
  });
}

/**
 * In the caller's transaction: a new price fires the alerts it satisfies, and the audit record holds
 * the fields that changed. Undefined when the part is gone or the version is stale.
 */
export async function applyEdit(
  tx: Db,
  caller: Actor,
  id: string,
  version: number,
  changes: PartChanges,
  kind: 'product.update' | 'product.import' = 'product.update',
) {
  const before = await lockPartRow(tx, id);
  const updated = before && (await updatePart(tx, id, version, changes));
  if (!before || !updated) return undefined;
  if (changes.priceCents !== undefined) await fireAlerts(tx, id);
  const changed = changedFields(auditedPart(before), auditedPart(updated));
  if (changed) {
    const recorded = kind === 'product.update' && 'priceCents' in changed.after ? 'product.price' : kind;
    await recordChange(tx, caller, { kind: recorded, entity: 'part', entityId: id, ...changed });
  }
  return updated;
}

/**
 * In the caller's transaction: a rise fires back-in-stock alerts, a fall to the threshold mails the
 * admins. Undefined when it would leave 0..STOCK_MAX.
 */
export async function moveStock(
  tx: Db,
  caller: Actor,
  id: string,
  delta: number,
  kind: 'product.stock' | 'product.import' = 'product.stock',
) {
  const moved = await adjustStock(tx, id, delta, STOCK_MAX);
  if (!moved) return undefined;
  if (delta > 0) await fireAlerts(tx, id);
  await mailLowStock(tx, moved);
  await recordChange(tx, caller, {
    kind,
    entity: 'part',
    entityId: id,
    before: { available: moved.available - delta },
    after: { available: moved.available },
  });
  return moved;
}

export async function editPart(db: Db, caller: Actor, id: string, edit: PartEdit) {
  const changes: PartChanges = {
    name: edit.name,
    brand: edit.brand,
    description: edit.description,
    img: edit.img,
    minOrder: edit.minOrder,
    priceCents: edit.price === undefined ? undefined : dollarsToCents(edit.price),
    lowStockAt: edit.lowStockAt,
    ...(edit.kind === undefined ? {} : specColumns({ kind: edit.kind, specs: edit.specs } as PartSpecs)),
  };
  const row = await db.transaction((tx) => applyEdit(tx, caller, id, edit.version, changes));
  if (row) return toAdminPart(row);
  if (!(await findPart(db, id))) throw notFound(apiMessages.partNotFound);
  throw conflict(STALE_VERSION_MESSAGE);
}

export async function changeStock(db: Db, caller: Actor, id: string, delta: number) {
  const moved = await db.transaction((tx) => moveStock(tx, caller, id, delta));
  if (moved) return getPart(db, id, toAdminPart);
  const current = await findPart(db, id);
  if (!current) throw notFound(apiMessages.partNotFound);
  if (delta < 0) throw conflict(`Cannot remove ${-delta}: only ${current.available} in stock`);
  throw conflict(`Stock cannot go above ${STOCK_MAX}`);
}

export async function exportParts(db: Db): Promise<string> {
  return partsToCsv(await allParts(db));
}

/** Orders that reference the part keep their name, quantity and price (FK set null). */
export async function removePart(db: Db, caller: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await deletePart(tx, id);
    if (!deleted) throw notFound(apiMessages.partNotFound);
    await recordChange(tx, caller, {
      kind: 'product.delete',
      entity: 'part',
      entityId: id,
      before: auditedPart(deleted),
      after: null,
    });
  });
}

export async function partPriceHistory(db: Db, id: string): Promise<PriceHistory> {
  const rows = await listPriceHistory(db, id);
  if (rows.length === 0 && !(await findPart(db, id))) throw notFound(apiMessages.partNotFound);
  return rows.map((r) => ({ price: centsToDollars(r.priceCents), at: r.at.toISOString() }));
}
