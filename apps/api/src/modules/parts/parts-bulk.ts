import { apiMessages } from '@parts-shop/shared/api-messages';
import { PRICE_MAX } from '@parts-shop/shared/part';
import {
  abovePriceMaxMessage,
  belowOneCentMessage,
  priceAfterPercent,
  type BulkPartsAnswer,
} from '@parts-shop/shared/part-bulk';
import type { Db } from '#api/db/client.ts';
import { recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import { deletePart, type PartRow } from '#api/domain/catalog/parts.repo.ts';
import { conflict, notFound } from '#api/lib/http-error.ts';
import { lockPartRows } from './manage-parts.repo.ts';
import { applyEdit, auditedPart, moveStock } from './parts.service.ts';

// Bulk actions lock every chosen part, check them all, then change each through the single-part
// paths, in one transaction, so a refusal changes nothing.

/** A missing part is a 404 before anything changes. */
async function lockChosen(tx: Db, ids: readonly string[]): Promise<PartRow[]> {
  const rows = await lockPartRows(tx, ids);
  if (rows.length !== ids.length) throw notFound(apiMessages.partNotFound);
  return rows;
}

function answer(count: number, did: string): BulkPartsAnswer {
  return { changedCount: count, message: `Parts ${did}: ${count}` };
}

/** Rounded to the cent; none change when one would leave 1 cent..PRICE_MAX. */
export function bulkReprice(db: Db, caller: Actor, ids: readonly string[], percent: number) {
  return db.transaction(async (tx) => {
    const priced = (await lockChosen(tx, ids)).map((row) => ({
      row,
      cents: priceAfterPercent(row.priceCents, percent),
    }));
    for (const { row, cents } of priced) {
      if (cents < 1) throw conflict(belowOneCentMessage(row.name));
      if (cents > PRICE_MAX * 100) throw conflict(abovePriceMaxMessage(row.name));
    }
    const changed = priced.filter(({ row, cents }) => cents !== row.priceCents);
    for (const { row, cents } of changed) await applyEdit(tx, caller, row.id, row.version, { priceCents: cents });
    return answer(changed.length, 'repriced');
  });
}

export function bulkSetStock(db: Db, caller: Actor, ids: readonly string[], available: number) {
  return db.transaction(async (tx) => {
    const changed = (await lockChosen(tx, ids)).filter((row) => row.available !== available);
    for (const row of changed) await moveStock(tx, caller, row.id, available - row.available);
    return answer(changed.length, `set to ${available} in stock`);
  });
}

export function bulkDelete(db: Db, caller: Actor, ids: readonly string[]) {
  return db.transaction(async (tx) => {
    const rows = await lockChosen(tx, ids);
    for (const row of rows) {
      await deletePart(tx, row.id);
      await recordChange(tx, caller, {
        kind: 'product.delete',
        entity: 'part',
        entityId: row.id,
        before: auditedPart(row),
        after: null,
      });
    }
    return answer(rows.length, 'deleted');
  });
}
