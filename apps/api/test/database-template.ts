import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '#api/db/client.ts';

/**
 * Every test database is a copy of one migrated once per run (initdb costs several copies): PGlite loads a dump
 * (TEST_PGLITE_TEMPLATE), processes copy a folder (TEST_PGLITE_DATA_DIR), PostgreSQL a template database.
 */
async function onServer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Makes the run's template (for the server TEST_DATABASE_URL names, or for PGlite) and answers how to remove it. */
export async function makeDatabaseTemplate(testDatabaseUrl: string | undefined): Promise<() => Promise<void>> {
  if (testDatabaseUrl) {
    const name = `template_${randomUUID().replaceAll('-', '')}`;
    await onServer(testDatabaseUrl, `create database ${name}`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    // A template must have no sessions while it is copied: closed before any test starts.
    await (await openDatabase({ url: url.toString(), dataDir: ':memory:', poolSize: 2 })).close();
    process.env.TEST_DATABASE_TEMPLATE = name;
    return async () => {
      delete process.env.TEST_DATABASE_TEMPLATE;
      await onServer(testDatabaseUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const database = await openDatabase({ dataDir: ':memory:' });
  try {
    if (database.kind !== 'pglite') throw new Error('expected a PGlite database');
    // Uncompressed: a copy then costs a read, not an inflate.
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await (await openDatabase({ dataDir: path.join(dir, 'data'), template: dump })).close();
  } finally {
    await database.close();
  }
  process.env.TEST_PGLITE_TEMPLATE = file;
  process.env.TEST_PGLITE_DATA_DIR = path.join(dir, 'data');
  return async () => {
    delete process.env.TEST_PGLITE_TEMPLATE;
    delete process.env.TEST_PGLITE_DATA_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

let pgliteTemplate: Blob | undefined;

/** The dump a new PGlite test database starts from, if the run made one. */
export function pgliteTemplateDump(): Blob | undefined {
  const file = process.env.TEST_PGLITE_TEMPLATE;
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplate;
}

type PgliteEngine = Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;
// Node's WebAssembly global; its types come with the DOM library, which the API does not load.
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile: (bytes: Uint8Array) => Promise<unknown> };
  }
).WebAssembly;
let engine: Promise<PgliteEngine> | undefined;

/** PGlite's WebAssembly compiled once per worker (the API files share their worker's modules). */
export function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compiled = await wasm.compile(fs.readFileSync(path.join(dist, 'pglite.wasm')));
    return {
      pgliteWasmModule: compiled,
      fsBundle: new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]),
    };
  })();
  return engine;
}

/** Gives an empty DATA_DIR a copy of the run's migrated PGlite, so its process skips initdb. */
export function seedDataDir(dataDir: string): void {
  const template = process.env.TEST_PGLITE_DATA_DIR;
  const target = path.join(dataDir, 'pglite');
  if (!template || fs.existsSync(target)) return;
  fs.cpSync(path.join(template, 'pglite'), target, { recursive: true });
}

/** The `create database` statement for a new test database on the server: a copy of the template if the run made one. */
export function createDatabaseStatement(name: string): string {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  return template ? `create database ${name} template ${template}` : `create database ${name}`;
}
