import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Part } from '@parts-shop/shared/part';
import type { ImportAnswer } from '@parts-shop/shared/part-import';
import { IMPORT_MAX_BYTES } from '@parts-shop/shared/part-import';
import { alerts, emailOutbox, parts, priceHistory } from '#api/db/schema.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { payOrder, placeOrder, stockOf } from '#api-test/shop-fixtures.ts';
import { CSV_COLUMNS } from './parts-csv.ts';

// The catalog in bulk: GET /parts/export.csv and POST /parts/import (docs/product.md#catalog-in-bulk).

const t = useTestApp({
  users: { admin: { email: 'admin@example.com', role: 'admin' }, customer: 'customer@example.com' },
});
const { admin, customer } = t.users;

type ErrorBody = { message: string; issues?: { path: (string | number)[]; message: string }[] };

const cpu = {
  name: 'Import Test CPU',
  description: 'Six cores, "fast", and, well, cheap\nSecond line',
  img: '/images/parts/cpu.svg',
  minOrder: 1,
  available: 10,
  price: 199.99,
  kind: 'cpu',
  specs: {
    socket: 'AM5',
    cores: 6,
    threads: 12,
    boostClockGhz: 5.1,
    tdpW: 65,
    integratedGraphics: true,
    memoryTypes: ['DDR4', 'DDR5'],
  },
};

async function addPart(body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/parts', headers: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}

async function exportCsv(headers = admin) {
  return t.app.inject({ url: '/api/parts/export.csv', headers });
}

function importCsv(body: string | Buffer, dryRun = false, headers: Record<string, string> = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/api/parts/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: body,
  });
}

const newRow: Record<string, string> = {
  name: 'New Part',
  kind: 'other',
  price: '9.99',
  available: '5',
  minOrder: '1',
  description: 'A part',
  img: '/images/parts/other.svg',
};

/** A file with every column, from records keyed by column (missing cells empty). */
const csvOf = (records: Record<string, string | undefined>[]) =>
  stringify([CSV_COLUMNS, ...records.map((r) => CSV_COLUMNS.map((c) => r[c] ?? ''))]);

async function exportedRows(): Promise<Record<string, string>[]> {
  return parse((await exportCsv()).body, { columns: true });
}

async function partCount() {
  return (await t.database.db.select({ id: parts.id }).from(parts)).length;
}

describe('GET /api/parts/export.csv', () => {
  it('writes every part with its kind and one column per spec, and neutralises formulas', async () => {
    const id = await addPart({ ...cpu, name: '=HYPERLINK("http://evil.example","x")', brand: '@SUM(A1)' });
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual(CSV_COLUMNS);
    expect(CSV_COLUMNS).toEqual(expect.arrayContaining(['spec.socket', 'spec.cores', 'spec.radiatorSizesMm']));
    const row = rows.find((r) => r.id === id);
    expect(row).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","x")`,
      brand: "'@SUM(A1)",
      kind: 'cpu',
      price: '199.99',
      description: cpu.description,
      'spec.socket': 'AM5',
      'spec.memoryTypes': 'DDR4|DDR5',
      'spec.integratedGraphics': 'yes',
      'spec.wattageW': '',
    });
  });

  it('is for admins only', async () => {
    expect((await exportCsv(customer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/parts/export.csv' })).statusCode).toBe(401);
  });
});

describe('POST /api/parts/import', () => {
  it('imports its own export as all unchanged, quotes, newlines and formulas included', async () => {
    await addPart({ ...cpu, name: '-1 \'quoted\', "odd" part' });
    await addPart({
      ...cpu,
      kind: 'case',
      specs: {
        motherboardFormFactors: ['ATX'],
        maxGpuLengthMm: 300,
        maxCoolerHeightMm: 160,
        psuFormFactor: 'ATX',
        radiatorSizesMm: [],
      },
    });
    const file = (await exportCsv()).body;
    const before = await t.database.db.select().from(parts);
    const preview = await importCsv(file, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json<ImportAnswer>().rows;
    expect(rows.length).toBe(before.length);
    expect(
      rows.every((r) => r.action === 'unchanged' && r.errors.length === 0),
      preview.body,
    ).toBe(true);
    const applied = await importCsv(`\uFEFF${file}`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await t.database.db.select().from(parts)).toEqual(before);
  });

  it('previews creates and updates with dryRun and changes nothing', async () => {
    const id = await addPart(cpu);
    const rows = await exportedRows();
    const edited = rows.map((r) => (r.id === id ? { ...r, name: 'Renamed CPU' } : r));
    const body = csvOf([...edited, { ...newRow, name: 'New, with a comma' }]);
    const count = await partCount();
    const res = await importCsv(body, true);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ImportAnswer>().rows;
    expect(answer.filter((r) => r.action === 'update')).toEqual([
      expect.objectContaining({
        name: 'Import Test CPU',
        changes: [{ field: 'name', before: 'Import Test CPU', after: 'Renamed CPU' }],
      }),
    ]);
    expect(answer.at(-1)).toMatchObject({ action: 'create', errors: [] });
    expect(await partCount()).toBe(count);
    const read = await t.app.inject({ url: `/api/parts/${id}` });
    expect(read.json<Part>().name).toBe('Import Test CPU');
  });

  it('applies a good file in one go: new parts, new prices in the history, restocks fire alerts', async () => {
    const id = await addPart({ ...cpu, name: 'Restocked CPU' });
    await t.database.db.update(parts).set({ available: 0 }).where(eq(parts.id, id));
    await t.database.db
      .insert(alerts)
      .values({ id: crypto.randomUUID(), email: 'customer@example.com', partId: id, type: 'back-in-stock' });
    const record = (await exportedRows()).find((r) => r.id === id);
    const res = await importCsv(csvOf([{ ...record, price: '149.5', available: '8' }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportAnswer>().rows).toEqual([
      {
        row: 2,
        action: 'update',
        name: 'Restocked CPU',
        changes: [
          { field: 'price', before: '199.99', after: '149.5' },
          { field: 'available', before: '0', after: '8' },
        ],
        errors: [],
      },
    ]);
    const part = (await t.app.inject({ url: `/api/parts/${id}` })).json<Part>();
    expect(part).toMatchObject({ price: 149.5, available: 8 });
    const prices = await t.database.db.select().from(priceHistory).where(eq(priceHistory.partId, id));
    expect(prices.map((p) => p.priceCents)).toEqual([19_999, 14_950]);
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'stock-alert'));
    expect(mail.filter((m) => (m.payload as { partId: string }).partId === id)).toHaveLength(1);

    const created = await importCsv(csvOf([{ ...newRow, name: 'Brand New Part' }]));
    expect(created.json<ImportAnswer>().rows).toEqual([
      { row: 2, action: 'create', name: 'Brand New Part', changes: [], errors: [] },
    ]);
    const found = (await t.app.inject({ url: '/api/parts?q=Brand%20New%20Part' })).json<Part[]>();
    expect(found.map((p) => p.name)).toContain('Brand New Part');
  });

  it('refuses a file with any bad row whole, naming each by line and column', async () => {
    const count = await partCount();
    const body = csvOf([
      { ...newRow, name: 'Good Part' },
      { ...newRow, price: '0' },
      { ...newRow, name: 'Two\nlines', kind: 'cpu', 'spec.cores': 'many' },
      { ...newRow, id: '0190a3b4-0000-7000-8000-000000000000' },
    ]);
    const res = await importCsv(body);
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>();
    expect(error.message).toMatch(/Nothing was imported.*line 3, 4, 6$/);
    const paths = (error.issues ?? []).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        [3, 'price'],
        [4, 'spec.cores'],
        [4, 'spec.socket'],
        [6, 'id'],
      ]),
    );
    expect(paths.some(([row]) => row === 2)).toBe(false);
    expect(await partCount()).toBe(count);
  });

  it('refuses an oversized file, an oversized row, an unknown column and a customer', async () => {
    const big = await importCsv(`${CSV_COLUMNS.join(',')}\n${'x'.repeat(IMPORT_MAX_BYTES)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json<ErrorBody>().message).toMatch(/too large/);
    const longRow = await importCsv(csvOf([{ ...newRow, description: 'y'.repeat(70_000) }]), true);
    expect(longRow.statusCode).toBe(400);
    expect(longRow.json<ErrorBody>().message).toMatch(/not valid CSV.*Max Record Size/);
    const unknown = await importCsv('name,price,colour\nx,1,red\n', true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().message).toMatch(/Unknown column: colour/);
    expect((await importCsv(csvOf([newRow]), false, customer)).statusCode).toBe(403);
  });
});

describe('an import never undoes what happened after its export', () => {
  async function priceOf(id: string) {
    return (await t.app.inject({ url: `/api/parts/${id}` })).json<Part>().price;
  }

  it('names a part whose stock was sold since as a conflict, and refuses it unless told to overwrite', async () => {
    const id = await addPart({ ...cpu, name: 'Sold CPU', available: 95 });
    const file = csvOf((await exportedRows()).filter((r) => r.id === id));
    const order = await placeOrder(t, customer, id, 5);
    await payOrder(t, customer, order._id);
    expect(await stockOf(t, id)).toBe(90);

    const preview = await importCsv(file, true);
    expect(preview.json<ImportAnswer>().rows).toEqual([
      {
        row: 2,
        action: 'conflict',
        name: 'Sold CPU',
        changes: [{ field: 'available', before: '90', after: '95' }],
        errors: [],
      },
    ]);
    const refused = await importCsv(file);
    expect(refused.statusCode, refused.body).toBe(409);
    const error = refused.json<ErrorBody>();
    expect(error.message).toMatch(/^Nothing was imported: the part on line 2 changed in the shop/);
    expect(error.issues).toEqual([
      { path: [2, 'version'], message: 'Changed in the shop since this file was exported' },
    ]);
    expect(await stockOf(t, id)).toBe(90);

    // The owner's explicit choice: the file's stock replaces the shop's.
    const overwritten = await t.app.inject({
      method: 'POST',
      url: '/api/parts/import?overwrite=true',
      headers: { ...admin, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(overwritten.statusCode, overwritten.body).toBe(200);
    expect(await stockOf(t, id)).toBe(95);
  });

  it('refuses to put back a price another admin changed since, even on a row that edits something else', async () => {
    const id = await addPart({ ...cpu, name: 'Repriced CPU', price: 99.99 });
    const [row] = (await exportedRows()).filter((r) => r.id === id);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/parts/${id}`,
      headers: admin,
      payload: { version: 1, price: 79.99 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const file = csvOf([{ ...row, description: 'Edited in the file' }]);

    const preview = (await importCsv(file, true)).json<ImportAnswer>().rows;
    expect(preview).toEqual([
      expect.objectContaining({
        action: 'conflict',
        changes: [
          { field: 'price', before: '79.99', after: '99.99' },
          { field: 'description', before: cpu.description, after: 'Edited in the file' },
        ],
      }),
    ]);
    expect((await importCsv(file)).statusCode).toBe(409);
    expect(await priceOf(id)).toBe(79.99);

    // Exported again, the same edit applies and keeps the new price.
    const [fresh] = (await exportedRows()).filter((r) => r.id === id);
    const applied = await importCsv(csvOf([{ ...fresh, description: 'Edited in the file' }]));
    expect(applied.json<ImportAnswer>().rows.map((r) => r.action)).toEqual(['update']);
    expect(await priceOf(id)).toBe(79.99);
  });

  it('takes a file without versions as of unknown age: equal rows are unchanged, others conflicts', async () => {
    const id = await addPart({ ...cpu, name: 'Old File CPU' });
    const [row] = (await exportedRows()).filter((r) => r.id === id);
    const withoutVersion = (records: Record<string, string | undefined>[]) => {
      const columns = CSV_COLUMNS.filter((c) => c !== 'version');
      return stringify([columns, ...records.map((r) => columns.map((c) => r[c] ?? ''))]);
    };
    const same = await importCsv(withoutVersion([{ ...row }]), true);
    expect(same.json<ImportAnswer>().rows.map((r) => r.action)).toEqual(['unchanged']);
    const changed = await importCsv(withoutVersion([{ ...row, price: '1' }]));
    expect(changed.statusCode).toBe(409);
    expect(await priceOf(id)).toBe(cpu.price);
  });
});

describe('an export always imports back', () => {
  it('imports the catalog back with a part sold out and one sold below its minimum order', async () => {
    const soldOut = await addPart({ ...cpu, name: 'Sold Out CPU', minOrder: 2, available: 2 });
    const below = await addPart({ ...cpu, name: 'Below Minimum CPU', minOrder: 3, available: 5 });
    for (const [id, quantity] of [
      [soldOut, 2],
      [below, 3],
    ] as const) {
      const order = await placeOrder(t, customer, id, quantity);
      await payOrder(t, customer, order._id);
    }
    expect([await stockOf(t, soldOut), await stockOf(t, below)]).toEqual([0, 2]);

    const rows = await exportedRows();
    const back = await importCsv(csvOf(rows), true);
    expect(back.statusCode, back.body).toBe(200);
    const answer = back.json<ImportAnswer>().rows;
    expect(answer.filter((r) => r.action !== 'unchanged' || r.errors.length > 0)).toEqual([]);
    expect((await importCsv(csvOf(rows))).statusCode).toBe(200);

    // A change to another column of such a part is no reason to refuse it; lowering its stock
    // below the minimum order in the file still is.
    const edited = rows.map((r) => (r.id === below ? { ...r, price: '150' } : r.id === soldOut ? r : undefined));
    const priced = await importCsv(csvOf(edited.filter((r) => r !== undefined)));
    expect(priced.statusCode, priced.body).toBe(200);
    const [belowRow] = rows.filter((r) => r.id === below);
    const fresh = (await exportedRows()).find((r) => r.id === below);
    const lowered = await importCsv(csvOf([{ ...belowRow, version: fresh?.version, available: '1' }]), true);
    expect(lowered.json<ImportAnswer>().rows[0]?.errors).toEqual([
      { field: 'minOrder', message: 'Min Order cannot be more than Available' },
    ]);
  });
});
