// npm run backup [FILE]: readable by its owner alone, it holds every customer's address. PGlite: stop the shop first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { backupFolder, postgresConnection, postgresTool, shopDatabase } from './lib/backups.mjs';

process.umask(0o077);

const database = shopDatabase(process.env);
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const file = path.resolve(
  process.argv[2] ??
    path.join(backupFolder(process.env), `parts-shop-${stamp}.${database.kind === 'postgres' ? 'pgdump' : 'tar.gz'}`),
);
fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
// A file written before may be wider open than the umask makes a new one.
fs.closeSync(fs.openSync(file, 'w', 0o600));
fs.chmodSync(file, 0o600);

if (database.kind === 'postgres') {
  const connection = postgresConnection(database.url);
  const result = spawnSync(
    postgresTool('pg_dump'),
    ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${connection.url}`],
    { stdio: 'inherit', env: { ...process.env, ...connection.env } },
  );
  if (result.status !== 0) {
    fs.rmSync(file, { force: true });
    console.error(`pg_dump failed (${result.error?.message ?? `exit ${result.status}`}); no backup written.`);
    process.exit(1);
  }
} else {
  if (!fs.existsSync(path.join(database.dir, 'PG_VERSION'))) {
    fs.rmSync(file, { force: true });
    console.error(`No PGlite database in ${database.dir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
    process.exit(1);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: database.dir });
  try {
    const dump = await db.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.close();
  }
}
console.log(`Backup written: ${file} (${fs.statSync(file).size} bytes)`);
