import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin } from './postgres.mjs';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite's files under DATA_DIR (default .data).
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ kind: 'postgres', url: string } | { kind: 'pglite', dir: string }}
 */
export function shopDatabase(env) {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dir: path.join(path.resolve(env.DATA_DIR ?? '.data'), 'pglite') };
}

/**
 * The newest server's own copy when installed (a dump tool must be as new as the server), else PATH's.
 * @param {'pg_dump' | 'pg_restore'} tool
 */
export function postgresTool(tool) {
  const bin = findPostgresBin();
  const local = bin && path.join(bin, tool);
  return local && fs.existsSync(local) ? local : tool;
}

/** A pg_dump custom-format archive starts with these bytes; a PGlite dump is a gzipped tar. */
export const PG_DUMP_MAGIC = 'PGDMP';

/**
 * Never inside the repository, where one `git add -A` would publish every customer's address.
 * @param {NodeJS.ProcessEnv} env
 */
export function backupFolder(env) {
  if (env.BACKUP_DIR) return path.resolve(env.BACKUP_DIR);
  const dataHome = env.XDG_DATA_HOME || path.join(env.HOME || os.homedir(), '.local', 'share');
  return path.join(dataHome, 'parts-shop', 'backups');
}

/**
 * The password goes in PGPASSWORD, off the command line every user can read (`ps`).
 * @param {string} url a postgres:// URL
 * @returns {{ url: string, env: Record<string, string> }}
 */
export function postgresConnection(url) {
  const parsed = new URL(url);
  if (!parsed.password) return { url, env: {} };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { PGPASSWORD: password } };
}
