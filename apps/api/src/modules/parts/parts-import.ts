import { dollarsToCents } from '@parts-shop/shared/money';
import { idSchema } from '@parts-shop/shared/fields';
import { newPartSchema, type NewPart } from '@parts-shop/shared/part';
import type { ImportAction, ImportRow } from '@parts-shop/shared/part-import';
import type { Db } from '../../db/client.ts';
import { findPartsByIds, insertParts, type PartChanges, type PartRow } from '../../domain/catalog/parts.repo.ts';
import { specColumns } from '../../domain/catalog/spec-columns.ts';
import { newId } from '../../lib/ids.ts';
import { csvToParts, type FieldError } from './parts-csv.ts';
import { recordChange, type Actor } from '../../domain/audit/record-change.ts';
import { applyEdit, auditedPart, moveStock } from './parts.service.ts';

/**
 * POST /parts/import (docs/product.md#catalog-in-bulk): every row checked by the same shared
 * schema as Add Product, then, only when no row is bad, every change in one transaction. An
 * update goes through the same edit and stock paths as PATCH and POST /stock, so a new price
 * enters the price history and fires price alerts, a restock fires back-in-stock alerts, and
 * a fall to the low-stock threshold mails the admins.
 */
type Planned = ImportRow & { part?: NewPart; current?: PartRow };

/** How many new parts go into one INSERT. */
const INSERT_BATCH = 500;

/** Each row with what importing it would do; `lock` holds the rows to update until the transaction ends. */
async function plan(db: Db, text: string, lock: boolean): Promise<Planned[]> {
  const rows = csvToParts(text);
  const ids = rows.map((r) => r.id).filter((id) => idSchema.safeParse(id).success);
  const current = new Map((await findPartsByIds(db, ids, lock)).map((p) => [p.id, p]));
  const firstLine = new Map<string, number>();
  return rows.map(({ line, id, input, errors }) => {
    const fieldErrors: FieldError[] = [...errors];
    const parsed = newPartSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, spec] = issue.path;
        const field = head === 'specs' && spec !== undefined ? `spec.${String(spec)}` : String(head ?? 'row');
        // A cell already reported as unreadable is not reported again as missing.
        if (!fieldErrors.some((e) => e.field === field)) fieldErrors.push({ field, message: issue.message });
      }
    }
    const existing = id === '' ? undefined : current.get(id);
    if (id !== '') {
      const seen = firstLine.get(id);
      if (seen !== undefined) fieldErrors.push({ field: 'id', message: `The same id is on line ${seen}` });
      else firstLine.set(id, line);
      if (!existing) fieldErrors.push({ field: 'id', message: 'No part has this id; leave it empty to add a part' });
    }
    const part = parsed.success ? parsed.data : undefined;
    const action: ImportAction = !existing ? 'create' : part && sameAs(existing, part) ? 'unchanged' : 'update';
    return { row: line, action, errors: fieldErrors, part, current: existing };
  });
}

/** Key order aside, the same JSON: specs come back from jsonb in the database's key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0));
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
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

function sameAs(row: PartRow, part: NewPart): boolean {
  const changes = changesOf(part);
  return (
    row.available === part.available &&
    (['name', 'brand', 'description', 'img', 'minOrder', 'priceCents', 'lowStockAt', 'kind'] as const).every(
      (key) => row[key] === changes[key],
    ) &&
    canonical(row.specs) === canonical(changes.specs)
  );
}

const answer = (rows: Planned[]): ImportRow[] => rows.map(({ row, action, errors }) => ({ row, action, errors }));

/** What importing the file would do, row by row; nothing is written. */
export async function previewImport(db: Db, text: string): Promise<ImportRow[]> {
  return answer(await plan(db, text, false));
}

/**
 * Imports the file in one transaction, or, when any row is bad, nothing: `bad` then holds
 * those rows. Each part created or changed is one `product.import` audit record.
 */
export async function applyImport(
  db: Db,
  caller: Actor,
  text: string,
): Promise<{ rows: ImportRow[]; bad: ImportRow[] }> {
  return db.transaction(async (tx) => {
    const rows = await plan(tx, text, true);
    const bad = answer(rows.filter((r) => r.errors.length > 0));
    if (bad.length > 0) return { rows: answer(rows), bad };
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
      if (action !== 'update' || !part || !current) continue;
      const changes = changesOf(part);
      const price = changes.priceCents === current.priceCents ? undefined : changes.priceCents;
      await applyEdit(tx, caller, current.id, current.version, { ...changes, priceCents: price }, 'product.import');
      if (part.available !== current.available)
        await moveStock(tx, caller, current.id, part.available - current.available, 'product.import');
    }
    return { rows: answer(rows), bad };
  });
}
