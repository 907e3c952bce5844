// POST /api/parts/import of 10,000 new parts, then the export imported back unchanged, on PostgreSQL.
import { record } from './report.mjs';
import { benchAdmin } from './users.mjs';

const ROWS = 10_000;
const TARGET_MS = 10_000;

/** @param {string} url @param {import('./seed.mjs').Sql} db @param {{ secret: string }} options */
export async function importBench(url, db, { secret }) {
  const section = `Import on PostgreSQL: ${ROWS.toLocaleString('en-US')} rows`;
  console.log(`\n--- ${section} ---`);
  const admin = await benchAdmin(db, secret);
  const header = 'name,brand,kind,price,available,minOrder,lowStockAt,description,img,spec.socket,spec.cores';
  const lines = Array.from({ length: ROWS }, (_, i) =>
    i % 2 === 0
      ? `"Bench Part ${i}, imported",Bench,other,${(i % 500) + 1}.99,${(i % 50) + 1},1,,"A part, with ""quotes""",/images/parts/other.svg,,`
      : `Bench Part ${i},Bench,other,${(i % 500) + 1}.5,${(i % 50) + 1},1,5,A part,/images/parts/other.svg,,`,
  );
  const post = async (/** @type {string} */ body, /** @type {string} */ query = '') => {
    const started = performance.now();
    const res = await fetch(`${url}/api/parts/import${query}`, {
      method: 'POST',
      headers: { authorization: admin.authorization, 'content-type': 'text/csv' },
      body,
    });
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`import answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ms;
  };
  const file = `${header}\n${lines.join('\n')}\n`;
  const preview = await post(file, '?dryRun=true');
  record(
    section,
    'dry run of new rows',
    `${(preview / 1000).toFixed(1)} s`,
    `< ${TARGET_MS / 1000} s`,
    preview < TARGET_MS,
  );
  const created = await post(file);
  record(
    section,
    'import of new rows',
    `${(created / 1000).toFixed(1)} s`,
    `< ${TARGET_MS / 1000} s`,
    created < TARGET_MS,
  );
  const exported = await fetch(`${url}/api/parts/export.csv`, { headers: { authorization: admin.authorization } });
  const again = await post(await exported.text());
  record(
    section,
    'its export imported back (unchanged)',
    `${(again / 1000).toFixed(1)} s`,
    `< ${TARGET_MS / 1000} s`,
    again < TARGET_MS,
  );
}
