// Discovery reads (cache off) against the same SQL run raw through `pg`, and a bare HTTP floor.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChildServer } from './child-server.mjs';
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';
import { runStatements, shopLikePool } from './statements.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CAPTURE = pathToFileURL(path.join(HERE, 'sql-capture.mjs')).href;
const FLOOR = path.join(HERE, 'sql-floor-server.mjs');
const PAGE = 24;
const DEEP_PAGE = 1_000;
export const RATIO_TARGET = 0.5;
export const P99_TARGET_MS = 25;

/** @typedef {import('./statements.mjs').Statement} Statement */

const READS = [
  { name: 'GET /api/parts?limit=24', path: `/api/parts?limit=${PAGE}` },
  { name: 'q=ryzen (best match)', path: `/api/parts?q=ryzen&limit=${PAGE}` },
  { name: 'kind=gpu&sort=price_asc', path: `/api/parts?kind=gpu&sort=price_asc&limit=${PAGE}` },
  {
    name: 'kind=memory&memoryType=DDR5&inStock=true',
    path: `/api/parts?kind=memory&memoryType=DDR5&inStock=true&limit=${PAGE}`,
  },
  { name: 'sort=price_asc, page 1,000 (cursor)', path: 'deep' },
  { name: 'GET /api/parts/facets', path: '/api/parts/facets' },
  { name: 'GET /api/parts/facets?kind=cpu', path: '/api/parts/facets?kind=cpu' },
];

/** The plain list, and the reads a builder uses most, each held to RATIO_TARGET of its throughput. */
const LIST = 'GET /api/parts?limit=24';
const AGAINST_LIST = ['q=ryzen (best match)', 'GET /api/parts/facets', 'GET /api/parts/facets?kind=cpu'];

/** @param {string} file where the statements go */
export function captureEnv(file) {
  const inherited = process.env.NODE_OPTIONS ? `${process.env.NODE_OPTIONS} ` : '';
  return { NODE_OPTIONS: `${inherited}--import=${CAPTURE}`, BENCH_SQL_LOG: file };
}

export function captureFile() {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-sql-')), 'statements.jsonl');
}

/** @param {string} url @returns {Promise<{ response: Response, json: any }>} */
async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return { response, json: await response.json() };
}

/**
 * The bench asks one thing at a time, so the file grows only with this request's statements.
 * @param {string} shopUrl @param {string} file @param {string} requestPath
 * @returns {Promise<{ json: any, response: Response, statements: Statement[] }>}
 */
async function capture(shopUrl, file, requestPath) {
  const before = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const { response, json } = await getJson(`${shopUrl}${requestPath}`);
  const added = fs.readFileSync(file).subarray(before).toString('utf8');
  const statements = added
    .split('\n')
    .filter(Boolean)
    .map((line) => /** @type {Statement} */ (JSON.parse(line)));
  if (statements.length === 0) throw new Error(`no SQL captured for ${requestPath}: is the read cache off?`);
  return { response, json, statements };
}

/**
 * The path of a sort's 1,000th page, by its Link headers, so its cursor is one the API handed out.
 * @param {string} shopUrl @param {string} firstPath
 */
async function walkTo(shopUrl, firstPath) {
  let next = firstPath;
  for (let page = 1; page < DEEP_PAGE; page += 1) {
    const { response } = await getJson(`${shopUrl}${next}`);
    const link = /^<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    if (!link) throw new Error(`${firstPath} ended at page ${page}; seed more parts`);
    next = link;
  }
  return next;
}

/**
 * Every discovery read's path and SQL; stop that shop afterwards, the capture slows it down.
 * @param {string} shopUrl @param {string} file
 */
export async function captureDiscovery(shopUrl, file) {
  const deepPath = await walkTo(shopUrl, `/api/parts?sort=price_asc&limit=${PAGE}`);
  /** @type {{ name: string, path: string, statements: Statement[], rows: number }[]} */
  const reads = [];
  for (const read of READS) {
    const requestPath = read.path === 'deep' ? deepPath : read.path;
    const { json, statements } = await capture(shopUrl, file, requestPath);
    const rows = Array.isArray(json) ? json.length : Number(json.total);
    reads.push({ name: read.name, path: requestPath, statements, rows });
  }
  return reads;
}

/**
 * @param {import('pg').Pool} pool @param {Statement[]} statements
 * @param {{ duration: number, concurrency: number, warmup?: number }} options
 */
export async function rawLoad(pool, statements, { duration, concurrency, warmup = 1 }) {
  const once = () => runStatements(pool, statements);
  /** @param {number} seconds @param {number[] | null} latencies */
  const run = async (seconds, latencies) => {
    const end = performance.now() + seconds * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          await once();
          latencies?.push(performance.now() - started);
          done += 1;
        }
      }),
    );
    return done;
  };
  if (warmup > 0) await run(warmup, null);
  /** @type {number[]} */
  const latencies = [];
  const started = performance.now();
  const done = await run(duration, latencies);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: done / seconds, p50: at(0.5), p99: at(0.99), total: done };
}

/**
 * @param {string} shopUrl a shop with PUBLIC_CACHE_MS=0 (and without the capture)
 * @param {Awaited<ReturnType<typeof captureDiscovery>>} reads
 * @param {{ databaseUrl: string, poolSize: number, duration: number, connections: number }} options
 */
export async function discoveryBench(shopUrl, reads, { databaseUrl, poolSize, duration, connections }) {
  const section = `Discovery on PostgreSQL, read cache off, vs the same SQL through a pg pool of ${poolSize} (${connections} at a time, medians of 3 alternating slices)`;
  console.log(`\n--- ${section} ---`);
  const pool = shopLikePool(databaseUrl, poolSize);
  const floor = await startFloor(reads, databaseUrl, poolSize);
  /** @type {Record<string, { shop: { rps: number, p99: number }, raw: { rps: number, p99: number } }>} */
  const results = {};
  /** @type {Record<string, number>} */
  const floorByRead = {};
  try {
    await load(shopUrl, { paths: reads.map((r) => r.path), duration: 3, connections, warmup: 0 });
    for (const read of reads) {
      console.log(
        `  ${read.name}: ${read.rows} ${read.path.includes('facets') ? 'parts counted' : 'parts'}, ${read.statements.length} statement(s)`,
      );
      // Alternating slices and their median, so other work on the machine lands on both sides.
      const slice = Math.max(2, Math.round(duration / 3));
      /** @type {Awaited<ReturnType<typeof rawLoad>>[]} */
      const raws = [];
      /** @type {import('./load.mjs').LoadResult[]} */
      const shops = [];
      /** @type {import('./load.mjs').LoadResult[]} */
      const floors = [];
      for (let i = 0; i < 3; i += 1) {
        raws.push(
          await rawLoad(pool, read.statements, { duration: slice, concurrency: connections, warmup: i === 0 ? 1 : 0 }),
        );
        shops.push(await load(shopUrl, { paths: [read.path], duration: slice, connections, warmup: i === 0 ? 1 : 0 }));
        floors.push(
          await load(floor.url, { paths: [read.path], duration: slice, connections, warmup: i === 0 ? 1 : 0 }),
        );
      }
      const raw = { rps: median(raws.map((r) => r.rps)), p99: median(raws.map((r) => r.p99)) };
      const shop = {
        rps: median(shops.map((r) => r.rps)),
        p50: median(shops.map((r) => r.p50)),
        p99: median(shops.map((r) => r.p99)),
        total: shops.reduce((sum, r) => sum + r.total, 0),
        errors: shops.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
      };
      results[read.name] = { shop, raw };
      const ratio = median(shops.map((r, i) => r.rps / (raws[i]?.rps ?? Infinity)));
      record(
        section,
        `${read.name} throughput`,
        `${fmt.rps(shop.rps)} = ${ratio.toFixed(2)} x raw ${fmt.rps(raw.rps)}`,
        `>= ${RATIO_TARGET} x raw`,
        ratio >= RATIO_TARGET,
      );
      record(
        section,
        `${read.name} p99`,
        `${fmt.ms(shop.p99)} (raw ${fmt.ms(raw.p99)}; p50 ${fmt.ms(shop.p50)})`,
        `< ${P99_TARGET_MS} ms`,
        shop.total > 0 && shop.p99 < P99_TARGET_MS,
      );
      const floorRps = median(floors.map((r) => r.rps));
      floorByRead[read.name] = floorRps;
      const floorRatio = median(floors.map((r, i) => r.rps / (raws[i]?.rps ?? Infinity)));
      // A floor that failed would look fast: its failures are part of its figure.
      const floorErrors = floors.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
      record(
        section,
        `${read.name} bare HTTP floor`,
        `${fmt.rps(floorRps)} = ${floorRatio.toFixed(2)} x raw, p99 ${fmt.ms(median(floors.map((r) => r.p99)))}${floorErrors ? `, ${floorErrors} errors` : ''}`,
        'for reference',
        null,
      );
      record(
        section,
        `${read.name} errors`,
        `${shop.errors} of ${shop.total.toLocaleString('en-US')}`,
        '0',
        shop.errors === 0,
      );
    }
    recordAgainstList(
      section,
      Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.shop.rps])),
      floorByRead,
    );
  } finally {
    await pool.end();
    await floor.stop();
  }
  return results;
}

/**
 * For a database the raw baseline cannot reach (PGlite lives inside the shop's process).
 * @param {string} shopUrl a shop with PUBLIC_CACHE_MS=0
 * @param {{ label: string, duration: number, connections: number }} options
 */
export async function discoveryAgainstList(shopUrl, { label, duration, connections }) {
  const section = `Discovery on ${label}, read cache off, against the list (${connections} at a time, medians of 3 alternating slices)`;
  console.log(`\n--- ${section} ---`);
  const reads = READS.filter((r) => r.name === LIST || AGAINST_LIST.includes(r.name));
  await load(shopUrl, { paths: reads.map((r) => r.path), duration: 3, connections, warmup: 0 });
  const slice = Math.max(2, Math.round(duration / 3));
  /** @type {Record<string, number[]>} */
  const rps = {};
  for (let i = 0; i < 3; i += 1)
    for (const read of reads) {
      const result = await load(shopUrl, { paths: [read.path], duration: slice, connections, warmup: 0 });
      if (result.errors + result.timeouts + result.non2xx > 0) throw new Error(`${read.path} failed under load`);
      (rps[read.name] ??= []).push(result.rps);
    }
  recordAgainstList(section, Object.fromEntries(Object.entries(rps).map(([name, all]) => [name, median(all)])));
}

/** @param {string} section @param {Record<string, number>} shopRps @param {Record<string, number>} [floorRps] */
export function recordAgainstList(section, shopRps, floorRps) {
  const list = shopRps[LIST];
  if (!list) return;
  for (const name of AGAINST_LIST) {
    const rps = shopRps[name];
    if (rps === undefined) continue;
    const floorList = floorRps?.[LIST];
    const floor = floorRps?.[name];
    const floorNote = floor && floorList ? `; floor ${(floor / floorList).toFixed(2)} x floor list` : '';
    record(
      section,
      `${name} vs the list`,
      `${(rps / list).toFixed(2)} x list (${fmt.rps(rps)} vs ${fmt.rps(list)}${floorNote})`,
      `>= ${RATIO_TARGET} x list`,
      rps / list >= RATIO_TARGET,
    );
  }
}

/** @param {Awaited<ReturnType<typeof captureDiscovery>>} reads @param {string} databaseUrl @param {number} poolSize */
function startFloor(reads, databaseUrl, poolSize) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-floor-')), 'reads.json');
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries(reads.map((r) => [r.path, r.statements]))));
  return startChildServer(FLOOR, [file, databaseUrl, String(poolSize)], () =>
    fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  );
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
