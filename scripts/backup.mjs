// npm run backup [FILE]: a consistent copy of the shop's data in one file.
// PostgreSQL (DATABASE_URL): pg_dump's custom format, taken in one snapshot while the shop runs.
// PGlite (DATA_DIR): PGlite's own dump of its data folder; stop the shop first, since only
// one process may open those files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { postgresTool, shopDatabase } from './lib/backups.mjs';

const database = shopDatabase(process.env);
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const file = path.resolve(
  process.argv[2] ?? path.join('backups', `parts-shop-${stamp}.${database.kind === 'postgres' ? 'pgdump' : 'tar.gz'}`),
);
fs.mkdirSync(path.dirname(file), { recursive: true });

if (database.kind === 'postgres') {
  const result = spawnSync(postgresTool('pg_dump'), ['--format=custom', '--no-owner', `--file=${file}`, database.url], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`pg_dump failed (${result.error?.message ?? `exit ${result.status}`}); no backup written.`);
    process.exit(1);
  }
} else {
  if (!fs.existsSync(path.join(database.dir, 'PG_VERSION'))) {
    console.error(`No PGlite database in ${database.dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
    process.exit(1);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: database.dir });
  try {
    const dump = await db.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}
console.log(`Backup written: ${file} (${fs.statSync(file).size} bytes)`);
