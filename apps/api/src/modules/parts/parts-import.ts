import { dollarsToCents } from '@parts-shop/shared/money';
import { idSchema } from '@parts-shop/shared/fields';
import { importedPartSchema, MIN_ORDER_ABOVE_AVAILABLE, newPartSchema, type NewPart } from '@parts-shop/shared/part';
import type { ImportAction, ImportRow } from '@parts-shop/shared/part-import';
import type { Db } from '#api/db/client.ts';
import { findPartsByIds, insertParts, type PartChanges, type RevisedPartRow } from '#api/domain/catalog/parts.repo.ts';
import { specColumns } from '#api/domain/catalog/spec-columns.ts';
import { newId } from '#api/lib/ids.ts';
import { changedCells, csvToParts, type FieldError } from './parts-csv.ts';
import { recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import { applyEdit, auditedPart, moveStock } from './parts.service.ts';

/**
 * Every row checked by the schema Add Product uses, then all changes in one transaction, through the
 * edit and stock paths PATCH and POST /stock use (price history, alerts, low-stock mail).
 * A row that would change a part whose revision moved since its export, or that has no version, is a
 * conflict: it could undo a sale, a restock or another admin's edit, so it waits for the owner's overwrite.
 */
type Planned = ImportRow & { part?: NewPart; current?: RevisedPartRow };

const INSERT_BATCH = 500;

/** specs.socket is the file's spec.socket. */
function addIssues(issues: readonly { path: PropertyKey[]; message: string }[], errors: FieldError[]) {
  for (const issue of issues) {
    const [head, spec] = issue.path;
    const field = head === 'specs' && spec !== undefined ? `spec.${String(spec)}` : String(head ?? 'row');
    // A cell already reported as unreadable is not reported again as missing.
    if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
  }
}

function csvFieldsOf(part: NewPart) {
  return { ...changesOf(part), available: part.available };
}

/** Each row with what importing it would do; `lock` holds the rows to update until the transaction ends. */
async function plan(db: Db, text: string, lock: boolean): Promise<Planned[]> {
  const rows = csvToParts(text).map((row) => {
    const id = idSchema.safeParse(row.id);
    return { ...row, id: id.success ? id.data : row.id };
  });
  const ids = rows.map((r) => r.id).filter((id) => idSchema.safeParse(id).success);
  const current = new Map((await findPartsByIds(db, ids, lock)).map((p) => [p.id, p]));
  const firstLine = new Map<string, number>();
  return rows.map(({ line, id, version, input, errors }) => {
    const fieldErrors: FieldError[] = [...errors];
    const existing = id === '' ? undefined : current.get(id);
    const parsed = (existing ? importedPartSchema : newPartSchema).safeParse(input);
    addIssues(parsed.error?.issues ?? [], fieldErrors);
    if (id !== '') {
      const seen = firstLine.get(id);
      if (seen !== undefined) fieldErrors.push({ field: 'id', message: `The same id is on line ${seen}` });
      else firstLine.set(id, line);
      if (!existing) fieldErrors.push({ field: 'id', message: 'No part has this id; leave it empty to add a part' });
    }
    const part = parsed.success ? parsed.data : undefined;
    const changes = existing && part ? changedCells(existing, csvFieldsOf(part)) : [];
    const movesStockRule = changes.some((c) => c.field === 'minOrder' || c.field === 'available');
    if (
      part &&
      existing &&
      movesStockRule &&
      part.minOrder > part.available &&
      !fieldErrors.some((e) => e.field === 'minOrder')
    )
      fieldErrors.push({ field: 'minOrder', message: MIN_ORDER_ABOVE_AVAILABLE });
    const action: ImportAction = !existing
      ? 'create'
      : part && changes.length === 0
        ? 'unchanged'
        : version === existing.revision
          ? 'update'
          : 'conflict';
    const name = existing?.name ?? (typeof input.name === 'string' ? input.name : '');
    return { row: line, action, name, changes, errors: fieldErrors, part, current: existing };
  });
}

function changesOf(part: NewPart): Required<PartChanges> {
  return {
    name: part.name,
    brand: part.brand,
    description: part.description,
    img: part.img,
    minOrder: part.minOrder,
    priceCents: dollarsToCents(part.price),
    lowStockAt: part.lowStockAt ?? null,
    ...specColumns(part),
  };
}

const answer = (rows: Planned[]): ImportRow[] =>
  rows.map(({ row, action, name, changes, errors }) => ({ row, action, name, changes, errors }));

export async function previewImport(db: Db, text: string): Promise<ImportRow[]> {
  return answer(await plan(db, text, false));
}

/** All or nothing: `bad` holds the bad rows; `conflicts` those the owner did not choose to overwrite. */
export async function applyImport(
  db: Db,
  caller: Actor,
  text: string,
  overwrite: boolean,
): Promise<{ rows: ImportRow[]; bad: ImportRow[]; conflicts: ImportRow[] }> {
  return db.transaction(async (tx) => {
    const rows = await plan(tx, text, true);
    const bad = answer(rows.filter((r) => r.errors.length > 0));
    const conflicts = overwrite ? [] : answer(rows.filter((r) => r.action === 'conflict'));
    if (bad.length > 0 || conflicts.length > 0) return { rows: answer(rows), bad, conflicts };
    const creates = rows.flatMap((r) => (r.action === 'create' && r.part ? [r.part] : []));
    for (let i = 0; i < creates.length; i += INSERT_BATCH) {
      const created = await insertParts(
        tx,
        creates.slice(i, i + INSERT_BATCH).map((part) => ({
          id: newId(),
          available: part.available,
          ...changesOf(part),
        })),
      );
      await recordChange(
        tx,
        caller,
        created.map((row) => ({
          kind: 'product.import' as const,
          entity: 'part' as const,
          entityId: row.id,
          before: null,
          after: auditedPart(row),
        })),
      );
    }
    for (const { action, part, current } of rows) {
      if ((action !== 'update' && action !== 'conflict') || !part || !current) continue;
      const changes = changesOf(part);
      const price = changes.priceCents === current.priceCents ? undefined : changes.priceCents;
      await applyEdit(tx, caller, current.id, current.version, { ...changes, priceCents: price }, 'product.import');
      if (part.available !== current.available)
        await moveStock(tx, caller, current.id, part.available - current.available, 'product.import');
    }
    return { rows: answer(rows), bad, conflicts };
  });
}
