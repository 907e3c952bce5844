// The SQL one discovery read sent PostgreSQL (captured by sql-capture.mjs), run again as the
// shop ran it: by name when it was a prepared statement, in the same row mode, in sessions
// planned the same way (apps/api/src/db/client.ts).
import pg from 'pg';

/** @typedef {{ text: string, values: unknown[], rowMode?: 'array', name?: string }} Statement */

/**
 * @param {string} connectionString
 * @param {number} max
 */
export function shopLikePool(connectionString, max) {
  return new pg.Pool({ connectionString, max, options: '-c plan_cache_mode=force_custom_plan -c jit=off' });
}

/**
 * Runs a read's statements in turn and answers the last one's rows.
 * @param {pg.Pool} pool
 * @param {Statement[]} statements
 */
export async function runStatements(pool, statements) {
  /** @type {unknown[]} */
  let rows = [];
  for (const s of statements) {
    const config = { name: s.name, text: s.text, values: s.values };
    rows = (s.rowMode === 'array' ? await pool.query({ ...config, rowMode: 'array' }) : await pool.query(config)).rows;
  }
  return rows;
}
