// npm run restore FILE [--sign-out-everyone] (a backup undoes every sign-out since). Stop the shop first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline/promises';
import { PG_DUMP_MAGIC, postgresConnection, postgresTool, shopDatabase } from './lib/backups.mjs';

const SIGN_OUT_FLAG = '--sign-out-everyone';
const args = process.argv.slice(2);
const signOutAsked = args.includes(SIGN_OUT_FLAG);
const [file, ...extra] = args.filter((arg) => arg !== SIGN_OUT_FLAG);
if (!file || extra.length > 0 || !fs.existsSync(file)) {
  console.error(`Usage: npm run restore FILE [${SIGN_OUT_FLAG}] (FILE written by npm run backup)`);
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

const SIGN_OUT_SQL = 'update users set token_version = token_version + 1';

if (database.kind === 'postgres') {
  const connection = postgresConnection(database.url);
  const restoreArgs = ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error'];
  const result = spawnSync(postgresTool('pg_restore'), [...restoreArgs, `--dbname=${connection.url}`, file], {
    stdio: 'inherit',
    env: { ...process.env, ...connection.env },
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
  fs.mkdirSync(database.dir, { recursive: true, mode: 0o700 });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: database.dir, loadDataDir: new Blob([fs.readFileSync(file)]) });
  await db.close();
}
console.log(`Restored ${file}`);
console.log(
  'Sessions are as they were when the backup was taken: every Logout, "sign out everywhere" and revoked token since then is undone.',
);

async function ownerSaysSignOut() {
  if (signOutAsked) return true;
  if (!process.stdin.isTTY) return false;
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(?:es)?$/i.test((await prompt.question('Sign everyone out now, so each signs in again? [y/N] ')).trim());
  } finally {
    prompt.close();
  }
}

if (await ownerSaysSignOut()) {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(SIGN_OUT_SQL);
    } finally {
      await client.end();
    }
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: database.dir });
    try {
      await db.exec(SIGN_OUT_SQL);
    } finally {
      await db.close();
    }
  }
  console.log('Everyone is signed out: every API token from before answers 401, and each user signs in again.');
} else {
  console.log(`To sign everyone out, run the restore again with ${SIGN_OUT_FLAG}, or answer y when asked.`);
}
