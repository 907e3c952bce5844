// Captured SQL run as the shop ran it: by name when prepared, same row mode, same session settings.
import pg from 'pg';

/** @typedef {{ text: string, values: unknown[], rowMode?: 'array', name?: string }} Statement */

/** @param {string} connectionString @param {number} max */
export function shopLikePool(connectionString, max) {
  return new pg.Pool({ connectionString, max, options: '-c plan_cache_mode=force_custom_plan -c jit=off' });
}

/** Answers the last statement's rows. @param {pg.Pool} pool @param {Statement[]} statements */
export async function runStatements(pool, statements) {
  /** @type {unknown[]} */
  let rows = [];
  for (const s of statements) {
    const config = { name: s.name, text: s.text, values: s.values };
    rows = (s.rowMode === 'array' ? await pool.query({ ...config, rowMode: 'array' }) : await pool.query(config)).rows;
  }
  return rows;
}
