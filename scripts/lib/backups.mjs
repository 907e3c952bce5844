// What npm run backup and npm run restore share: where the data is, and the PostgreSQL tools.
import fs from 'node:fs';
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
