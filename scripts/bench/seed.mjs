// Seeds a large catalog in SQL, ids as time-ordered UUIDv7 (the API pages newest first by id).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { benchParts } from './catalog.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS = path.join(ROOT, 'apps/api/drizzle');

const REVIEWERS = ['amelia', 'diego', 'priya', 'tom', 'hana', 'kwame'];
const BATCH = 25_000;

/**
 * A UUIDv7 for row g: milliseconds base + g, so later rows sort after earlier ones.
 * @param {string} baseMs SQL expression for the first row's millisecond timestamp
 */
function uuidv7Sql(baseMs) {
  return `(lpad(to_hex((${baseMs})::bigint + g), 12, '0') || '7' || substr(h, 1, 3)
      || substr('89ab', 1 + (g % 4)::int, 1) || substr(h, 4, 3) || substr(h, 7, 12))::uuid`;
}

/** @typedef {{ node: string, rows: number, buffers: number, ms: number }} Plan one query plan's top scan */

/**
 * @typedef {{ query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }>, close: () => Promise<void> }} Sql
 */

/** @param {string} url @returns {Promise<Sql>} */
export async function openPostgres(url) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS });
  return /** @type {Sql} */ ({ query: (text, params) => pool.query(text, params), close: () => pool.end() });
}

/**
 * The PGlite files the shop uses under DATA_DIR, migrated; one process at a time.
 * @param {string} dataDir @returns {Promise<Sql>}
 */
export async function openPglite(dataDir) {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
  return /** @type {Sql} */ ({ query: (text, params) => client.query(text, params), close: () => client.close() });
}

/** @param {Sql} db @returns {Promise<{ seconds: number }>} */
export async function seedCatalog(db, { parts = 100_000, reviews = 10_000 } = {}) {
  const started = Date.now();
  // Every row in the past, so anything the shop creates later (newId()) is newer still.
  const base = Date.now() - parts - reviews - 60_000;
  for (let from = 1; from <= parts; from += BATCH) {
    const to = Math.min(parts, from + BATCH - 1);
    await db.query(
      `INSERT INTO parts (id, name, description, img, min_order, available, price_cents, kind, specs, spec_tags, created_at)
       SELECT ${uuidv7Sql(String(base))},
              p->>'name', p->>'description', '/images/parts/' || (p->>'img') || '.svg',
              1 + (g % 5)::int,
              CASE WHEN g % 7 = 0 THEN 0 ELSE 50 + (g % 950)::int END,
              (p->>'priceCents')::int, p->>'kind', p->'specs',
              ARRAY(SELECT jsonb_array_elements_text(p->'tags')),
              to_timestamp((${base} + g) / 1000.0)
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS b(p, i),
            LATERAL (SELECT $2::int + i - 1 AS g) n,
            LATERAL (SELECT md5(g::text || random()::text) AS h) r`,
      [
        JSON.stringify(benchParts(from, to).map((p) => ({ ...p, img: p.kind === 'other' ? 'placeholder' : p.kind }))),
        from,
      ],
    );
  }
  const reviewBase = base + parts;
  const names = `ARRAY[${REVIEWERS.map((r) => `'${r}'`).join(',')}]`;
  for (let from = 1; from <= reviews; from += BATCH) {
    const to = Math.min(reviews, from + BATCH - 1);
    await db.query(
      `INSERT INTO reviews (id, name, description, image, rating, created_at)
       SELECT ${uuidv7Sql(String(reviewBase))},
              initcap(n) || ' ' || g,
              'Review ' || g || ': the parts arrived well packed, checkout was quick and the build ran first time.',
              '/images/reviewers/' || n || '.svg',
              (g % 6)::int,
              to_timestamp((${reviewBase} + g) / 1000.0)
       FROM generate_series($1::int, $2::int) AS g,
            LATERAL (SELECT md5(g::text || random()::text) AS h, (${names})[1 + (g % ${REVIEWERS.length})::int] AS n) r`,
      [from, to],
    );
  }
  await db.query('VACUUM ANALYZE');
  return { seconds: (Date.now() - started) / 1000 };
}

/**
 * Rows bound to the stand-in uid `bench:<email>` (Firebase's own uids are letters and digits).
 * @param {Sql} db @param {string[]} emails
 */
export async function seedUsers(db, emails) {
  await db.query(
    `INSERT INTO users (email, uid, user_name, role)
     SELECT e, 'bench:' || e, split_part(e, '@', 1), CASE WHEN e LIKE 'admin%' THEN 'admin' ELSE 'customer' END
     FROM unnest($1::text[]) AS e
     ON CONFLICT (email) DO NOTHING`,
    [emails],
  );
}

/**
 * Made after the read figures, so they do not change those pages.
 * @param {Sql} db
 * @param {{ hot?: number, hotStock?: number, scarceStock?: number }} [options]
 * @returns {Promise<{ id: string, available: number, minOrder: number }[]>}
 */
export async function seedBenchParts(db, { hot = 20, hotStock = 1_000_000, scarceStock = 300 } = {}) {
  const { rows } = await db.query(
    `INSERT INTO parts (id, name, description, img, min_order, available, price_cents)
     SELECT ${uuidv7Sql(`floor(extract(epoch from clock_timestamp()) * 1000)`)},
            CASE WHEN g = 0 THEN 'Scarce bench part' ELSE 'Hot bench part ' || g END,
            'Bought by the write benchmark.', '/images/parts/gpu.svg', 1,
            CASE WHEN g = 0 THEN $2::int ELSE $3::int END, 1999
     FROM generate_series(0, $1::int) AS g, LATERAL (SELECT md5(g::text || random()::text) AS h) r
     RETURNING id, available, min_order`,
    [hot, scarceStock, hotStock],
  );
  return rows.map((/** @type {{ id: string, available: number, min_order: number }} */ r) => ({
    id: r.id,
    available: r.available,
    minOrder: r.min_order,
  }));
}

/**
 * One compatible AM5 build with plenty of stock, made after the read figures.
 * @param {Sql} db @param {{ stock?: number }} [options]
 * @returns {Promise<{ id: string, kind: string, available: number }[]>}
 */
export async function seedBuildParts(db, { stock = 1_000_000 } = {}) {
  const build = [
    [
      'cpu',
      'Bench Ryzen 7 9700X',
      {
        socket: 'AM5',
        cores: 8,
        threads: 16,
        boostClockGhz: 5.5,
        tdpW: 120,
        integratedGraphics: true,
        memoryTypes: ['DDR5'],
      },
    ],
    [
      'motherboard',
      'Bench B650 ATX board',
      { socket: 'AM5', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGb: 192, m2Slots: 3 },
    ],
    ['memory', 'Bench DDR5-6000 32 GB kit', { memoryType: 'DDR5', modules: 2, totalGb: 32, speedMts: 6000 }],
    ['gpu', 'Bench RTX 4070 Super', { lengthMm: 300, boardPowerW: 220, memoryGb: 12, recommendedPsuW: 650 }],
    ['storage', 'Bench 2 TB NVMe', { interface: 'NVMe', formFactor: 'M.2', capacityGb: 2000 }],
    ['psu', 'Bench 850 W Gold', { wattageW: 850, formFactor: 'ATX', efficiency: '80 Plus Gold' }],
    [
      'case',
      'Bench mid tower',
      {
        motherboardFormFactors: ['ATX', 'Micro-ATX', 'Mini-ITX'],
        maxGpuLengthMm: 380,
        maxCoolerHeightMm: 170,
        psuFormFactor: 'ATX',
      },
    ],
    [
      'cooling',
      'Bench tower cooler',
      { type: 'air', heightMm: 158, sockets: ['AM4', 'AM5', 'LGA1700'], tdpRatingW: 250 },
    ],
  ];
  const { rows } = await db.query(
    `INSERT INTO parts (id, name, description, img, min_order, available, price_cents, kind, specs)
     SELECT ${uuidv7Sql(`floor(extract(epoch from clock_timestamp()) * 1000)`)},
            b->>1, 'Ordered by the build benchmarks.', '/images/parts/' || (b->>0) || '.svg', 1, $2::int,
            9999, b->>0, b->2
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(b, g), LATERAL (SELECT md5(g::text || random()::text) AS h) r
     RETURNING id, kind, available`,
    [JSON.stringify(build), stock],
  );
  return rows;
}

/**
 * @param {Sql} db @param {'parts' | 'reviews'} table
 * @returns {Promise<{ n: number, v7: boolean, ordered: boolean } | undefined>}
 */
export async function checkIdOrder(db, table) {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n,
            bool_and(substr(id::text, 15, 1) = '7') AS v7,
            bool_and(prev IS NULL OR prev_created <= created_at) AS ordered
     FROM (SELECT id, created_at, lag(id) OVER (ORDER BY id) AS prev, lag(created_at) OVER (ORDER BY id) AS prev_created
           FROM ${table}) t`,
  );
  return rows[0];
}

/**
 * The paging query's plans for the first page and the 1,000th: the same few buffers however deep.
 * @param {Sql} db @param {{ page: number, pageSize: number }} options
 * @returns {Promise<{ first: Plan, deep: Plan }>}
 */
export async function explainPaging(db, { page, pageSize }) {
  const { rows } = await db.query('SELECT id FROM parts ORDER BY id DESC OFFSET $1 LIMIT 1', [
    (page - 1) * pageSize - 1,
  ]);
  const cursor = rows[0]?.id;
  if (!cursor) throw new Error(`the catalog has no page ${page}`);
  const columns = 'id, name, description, img, min_order, available, price_cents, created_at';
  const explain = async (/** @type {string} */ where, /** @type {unknown[]} */ params) => {
    const result = await db.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT ${columns} FROM parts ${where} ORDER BY id DESC LIMIT ${pageSize + 1}`,
      params,
    );
    const raw = Object.values(result.rows[0] ?? {})[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0];
    let node = plan.Plan;
    while (node.Plans?.length && node['Node Type'] === 'Limit') node = node.Plans[0];
    return {
      node: `${node['Node Type']}${node['Scan Direction'] ? ` ${node['Scan Direction']}` : ''}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`,
      rows: plan.Plan['Actual Rows'],
      buffers: (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0),
      ms: plan['Execution Time'],
    };
  };
  return { first: await explain('', []), deep: await explain('WHERE id < $1', [cursor]) };
}
