// What npm run backup and npm run restore share: where the data is, where backups go, and the
// PostgreSQL tools with their credentials.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin } from './postgres.mjs';

/**
 * The shop's database as the API would open it: PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite's files under DATA_DIR (default .data, from the current folder).
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ kind: 'postgres', url: string } | { kind: 'pglite', dir: string }}
 */
export function shopDatabase(env) {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dir: path.join(path.resolve(env.DATA_DIR ?? '.data'), 'pglite') };
}

/**
 * pg_dump or pg_restore: the newest server's own copy when one is installed here (a dump
 * tool must be as new as the server), otherwise whichever is on PATH.
 * @param {'pg_dump' | 'pg_restore'} tool
 */
export function postgresTool(tool) {
  const bin = findPostgresBin();
  const local = bin && path.join(bin, tool);
  return local && fs.existsSync(local) ? local : tool;
}

/** A pg_dump archive (custom format) starts with these bytes; a PGlite dump is a gzipped tar. */
export const PG_DUMP_MAGIC = 'PGDMP';

/**
 * Where npm run backup writes when given no file: BACKUP_DIR, else the user's data folder
 * ($XDG_DATA_HOME or ~/.local/share)/parts-shop/backups. Never inside the repository, where
 * one `git add -A` would publish every customer's address.
 * @param {NodeJS.ProcessEnv} env
 */
export function backupFolder(env) {
  if (env.BACKUP_DIR) return path.resolve(env.BACKUP_DIR);
  const dataHome = env.XDG_DATA_HOME || path.join(env.HOME || os.homedir(), '.local', 'share');
  return path.join(dataHome, 'parts-shop', 'backups');
}

/**
 * A connection for pg_dump and pg_restore that keeps the password off their command line,
 * where every user of the machine can read it (`ps`): the URL without it, and PGPASSWORD.
 * @param {string} url a postgres:// URL, as DATABASE_URL
 * @returns {{ url: string, env: Record<string, string> }}
 */
export function postgresConnection(url) {
  const parsed = new URL(url);
  if (!parsed.password) return { url, env: {} };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { PGPASSWORD: password } };
}
