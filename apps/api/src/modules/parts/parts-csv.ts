import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { centsToDollars } from '@parts-shop/shared/money';
import { IMPORT_ROW_MAX_BYTES } from '@parts-shop/shared/part-import';
import { PART_KINDS, SPEC_FIELDS, type PartKind, type SpecField } from '@parts-shop/shared/part-specs';
import type { PartRow, RevisedPartRow } from '#api/domain/catalog/parts.repo.ts';
import { badRequest } from '#api/lib/http-error.ts';
import { neutraliseCell, restoreCell } from '#api/lib/spreadsheet-cell.ts';

/**
 * One row per part, the catalog fields, then one `spec.<name>` column per spec field of any kind
 * (docs/product.md#catalog-in-bulk). `version` is the part's revision at export: the import's test
 * of whether it changed since.
 */
const BASE_COLUMNS = [
  'id',
  'version',
  'name',
  'brand',
  'kind',
  'price',
  'available',
  'minOrder',
  'lowStockAt',
  'description',
  'img',
];
const SPEC_NAMES = [...new Set(PART_KINDS.flatMap((kind) => SPEC_FIELDS[kind].map((field) => field.name)))];
export const CSV_COLUMNS = [...BASE_COLUMNS, ...SPEC_NAMES.map((name) => `spec.${name}`)];

/** A list of choices in one cell: no option of any spec holds this character. */
const LIST_SEPARATOR = '|';

function specCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(LIST_SEPARATOR);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value);
}

/** The export's and the import preview's one source. */
export type CsvFields = Pick<
  PartRow,
  'name' | 'brand' | 'kind' | 'priceCents' | 'available' | 'minOrder' | 'lowStockAt' | 'description' | 'img' | 'specs'
>;

/** Before formulas are neutralised; a column the part leaves empty is absent. */
function partCells(part: CsvFields): Record<string, string> {
  const record: Record<string, string> = {
    name: part.name,
    brand: part.brand,
    kind: part.kind,
    price: String(centsToDollars(part.priceCents)),
    available: String(part.available),
    minOrder: String(part.minOrder),
    lowStockAt: part.lowStockAt === null ? '' : String(part.lowStockAt),
    description: part.description,
    img: part.img,
  };
  for (const field of SPEC_FIELDS[part.kind]) record[`spec.${field.name}`] = specCell(part.specs[field.name]);
  return record;
}

export function partsToCsv(rows: RevisedPartRow[]): string {
  const records = rows.map((part) => {
    const record: Record<string, string> = { id: part.id, version: String(part.revision), ...partCells(part) };
    return CSV_COLUMNS.map((column) => neutraliseCell(record[column] ?? ''));
  });
  return stringify([CSV_COLUMNS, ...records]);
}

/** The shop's cell, then the new one, in the file's column order. */
export function changedCells(before: CsvFields, after: CsvFields): { field: string; before: string; after: string }[] {
  const was = partCells(before);
  const now = partCells(after);
  return CSV_COLUMNS.flatMap((field) => {
    const [old, next] = [was[field] ?? '', now[field] ?? ''];
    return old === next ? [] : [{ field, before: old, after: next }];
  });
}

export type FieldError = { field: string; message: string };

/** `version` is absent in a file without the column, or for an empty cell. */
export type CsvPart = {
  line: number;
  id: string;
  version: number | undefined;
  input: Record<string, unknown>;
  errors: FieldError[];
};

const VERSION = /^\d{1,9}$/;

function versionCell(cell: string, errors: FieldError[]): number | undefined {
  if (cell === '') return undefined;
  if (VERSION.test(cell)) return Number(cell);
  errors.push({ field: 'version', message: 'Version must be a whole number; leave it as exported' });
  return undefined;
}

const NUMBER = /^\d+(?:\.\d+)?$/;

function numberCell(cell: string, column: string, label: string, errors: FieldError[]): number | undefined {
  if (cell === '') return undefined;
  if (NUMBER.test(cell)) return Number(cell);
  errors.push({ field: column, message: `${label} must be a number` });
  return undefined;
}

function specValue(field: SpecField, cell: string, errors: FieldError[]): unknown {
  const column = `spec.${field.name}`;
  switch (field.input) {
    case 'whole':
    case 'decimal':
      return numberCell(cell, column, field.label, errors);
    case 'yesno':
      if (cell === '') return undefined;
      if (/^(?:yes|true)$/i.test(cell)) return true;
      if (/^(?:no|false)$/i.test(cell)) return false;
      errors.push({ field: column, message: `${field.label} must be yes or no` });
      return undefined;
    case 'choices':
      return cell === '' ? undefined : cell.split(LIST_SEPARATOR).map((v) => v.trim());
    case 'choice':
      return cell === '' ? undefined : cell;
  }
}

function toInput(record: Record<string, string>, errors: FieldError[]): Record<string, unknown> {
  const cell = (column: string) => restoreCell(record[column] ?? '').trim();
  const kind = cell('kind') || undefined;
  const fields = PART_KINDS.includes(kind as PartKind) ? SPEC_FIELDS[kind as PartKind] : [];
  const specs: Record<string, unknown> = {};
  for (const name of SPEC_NAMES) {
    const text = cell(`spec.${name}`);
    const field = fields.find((f) => f.name === name);
    if (!field) {
      if (text !== '')
        errors.push({ field: `spec.${name}`, message: `A part of kind ${kind ?? 'other'} has no ${name}` });
      continue;
    }
    const value = specValue(field, text, errors);
    if (value !== undefined) specs[name] = value;
  }
  const lowStockAt = cell('lowStockAt');
  return {
    name: restoreCell(record.name ?? ''),
    brand: restoreCell(record.brand ?? ''),
    description: restoreCell(record.description ?? ''),
    img: cell('img'),
    kind,
    price: numberCell(cell('price'), 'price', 'Price', errors),
    available: numberCell(cell('available'), 'available', 'Available', errors),
    minOrder: numberCell(cell('minOrder'), 'minOrder', 'Min Order', errors),
    lowStockAt: lowStockAt === '' ? null : numberCell(lowStockAt, 'lowStockAt', 'Low stock at', errors),
    specs,
  };
}

/** A row too long or an unknown header is a 400. */
export function csvToParts(text: string): CsvPart[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => checkHeader(header),
      info: true,
      skip_empty_lines: true,
      max_record_size: IMPORT_ROW_MAX_BYTES,
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('CSV_')) {
      throw badRequest(`The file is not valid CSV: ${error.message}`);
    }
    throw error;
  }
  return records.map(({ record, info }) => {
    const errors: FieldError[] = [];
    // info.lines is where the row ends.
    const newlines = Object.values(record).reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    return {
      line: info.lines - newlines,
      id: (record.id ?? '').trim(),
      version: versionCell((record.version ?? '').trim(), errors),
      input: toInput(record, errors),
      errors,
    };
  });
}

function checkHeader(header: string[]): string[] {
  const names = header.map((name) => name.trim());
  const unknown = names.filter((name) => !CSV_COLUMNS.includes(name));
  if (unknown.length > 0) throw badRequest(`Unknown column: ${unknown.join(', ')} (line 1)`);
  const missing = BASE_COLUMNS.filter((name) => name !== 'id' && name !== 'version' && !names.includes(name));
  if (missing.length > 0) throw badRequest(`Missing column: ${missing.join(', ')} (line 1)`);
  return names;
}
