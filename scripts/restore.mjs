// npm run restore FILE: brings back a backup written by npm run backup, into the database
// the shop is configured for (DATABASE_URL, or PGlite under DATA_DIR). Stop the shop first.
// PostgreSQL: every table in the backup is replaced, in one transaction. PGlite: the current
// data folder is kept beside the restored one as pglite.before-restore-<time>.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { PG_DUMP_MAGIC, postgresTool, shopDatabase } from './lib/backups.mjs';

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore FILE (a file written by npm run backup)');
  process.exit(1);
}
const database = shopDatabase(process.env);
const head = fs.readFileSync(file).subarray(0, PG_DUMP_MAGIC.length).toString('latin1');
const isPgDump = head === PG_DUMP_MAGIC;
if (isPgDump !== (database.kind === 'postgres')) {
  console.error(
    `${file} is a ${isPgDump ? 'PostgreSQL' : 'PGlite'} backup, but the shop is set up for ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (no DATABASE_URL)'}.`,
  );
  process.exit(1);
}

if (database.kind === 'postgres') {
  const args = ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error'];
  const result = spawnSync(postgresTool('pg_restore'), [...args, `--dbname=${database.url}`, file], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`pg_restore failed (${result.error?.message ?? `exit ${result.status}`}); nothing was changed.`);
    process.exit(1);
  }
} else {
  if (fs.existsSync(database.dir) && fs.readdirSync(database.dir).length > 0) {
    const kept = `${database.dir}.before-restore-${Date.now()}`;
    fs.renameSync(database.dir, kept);
    console.log(`The current data is kept in ${kept}`);
  }
  fs.mkdirSync(database.dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: database.dir, loadDataDir: new Blob([fs.readFileSync(file)]) });
  await db.close();
}
console.log(`Restored ${file}`);
