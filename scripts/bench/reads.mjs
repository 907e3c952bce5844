// Read throughput: the catalog endpoints against a bare Node server answering the same bytes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './child-server.mjs';
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const PAGE = 24;
const DEEP_PAGE = 1_000;
const ID_SAMPLE = 1_000;

/** @param {Response} response */
function nextLink(response) {
  const link = response.headers.get('link');
  const entries = link ? link.split(',') : [];
  return entries.map((entry) => /^\s*<([^>]+)>;\s*rel="next"/.exec(entry)?.[1]).find(Boolean) ?? null;
}

/** @param {string} url @returns {Promise<{ response: Response, body: string, json: any }>} */
async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  const body = await response.text();
  return { response, body, json: JSON.parse(body) };
}

/**
 * From the first page to the 1,000th by the Link headers, so the deep cursor is one the API handed out.
 * @param {string} url
 */
export async function discover(url) {
  let next = `/api/parts?limit=${PAGE}`;
  const firstPage = next;
  let deepPage = next;
  /** @type {string[]} */
  const ids = [];
  for (let page = 1; page <= DEEP_PAGE; page += 1) {
    const { response, json } = await getJson(`${url}${next}`);
    if (json.length !== PAGE) throw new Error(`page ${page} had ${json.length} parts, not ${PAGE}`);
    if (ids.length < ID_SAMPLE) ids.push(json[page % PAGE]._id);
    deepPage = next;
    const link = nextLink(response);
    if (!link) throw new Error(`the catalog ended at page ${page}; seed more parts`);
    next = link;
  }
  return {
    firstPage,
    deepPage,
    partPaths: ids.map((id) => `/api/parts/${id}`),
    reviewsPage: `/api/reviews?limit=${PAGE}`,
  };
}

/** @param {string} url @param {string[]} paths */
async function startBaseline(url, paths) {
  /** @type {Record<string, { contentType: string, body: string }>} */
  const recorded = {};
  for (const p of paths) {
    const { response, body } = await getJson(`${url}${p}`);
    recorded[p] = { contentType: response.headers.get('content-type') ?? 'application/json', body };
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-baseline-')), 'responses.json');
  fs.writeFileSync(file, JSON.stringify(recorded));
  return startChildServer(path.join(HERE, 'baseline-server.mjs'), [file], () =>
    fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  );
}

/**
 * @param {string} url the shop
 * @param {{ label: string, gate: boolean, duration: number, connections: number }} options
 *   gate: PASS/FAIL here (PostgreSQL) or only a figure (PGlite).
 */
export async function readBench(url, { label, gate, duration, connections }) {
  const section = `Reads on ${label} (${connections} connections, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const d = await discover(url);
  const endpoints = [
    { name: 'GET /api/parts?limit=24', paths: [d.firstPage] },
    { name: 'GET /api/parts/{id}', paths: d.partPaths },
    { name: 'GET /api/reviews?limit=24', paths: [d.reviewsPage] },
    { name: 'GET /api/parts, page 1,000 (cursor)', paths: [d.deepPage] },
  ];

  // Each endpoint right after its baseline, so both meet the same machine.
  const server = await startBaseline(
    url,
    endpoints.flatMap((e) => e.paths),
  );
  /** @type {Record<string, import('./load.mjs').LoadResult>} */
  const base = {};
  /** @type {Record<string, import('./load.mjs').LoadResult>} */
  const shop = {};
  try {
    for (const e of endpoints) {
      const b = await load(server.url, { paths: e.paths, duration, connections });
      base[e.name] = b;
      const r = await load(url, { paths: e.paths, duration, connections });
      shop[e.name] = r;
      const ratio = r.rps / b.rps;
      const gateOr = (/** @type {boolean} */ ok) => (gate ? ok : null);
      record(
        section,
        `${e.name} throughput`,
        `${fmt.rps(r.rps)} = ${ratio.toFixed(2)} x baseline ${fmt.rps(b.rps)}`,
        '>= 0.40 x baseline',
        gateOr(ratio >= 0.4),
      );
      record(section, `${e.name} p99`, `${fmt.ms(r.p99)} (p50 ${fmt.ms(r.p50)})`, '< 20 ms', gateOr(r.p99 < 20));
      const bad = r.errors + r.timeouts + r.non2xx;
      record(section, `${e.name} errors`, `${bad} of ${r.total.toLocaleString('en-US')}`, '0', bad === 0);
    }
  } finally {
    await server.stop();
  }
  return { baseline: base, shop };
}

/**
 * With the read cache off, so every request runs the keyset query.
 * @param {string} url
 * @param {{ label: string, gate: boolean, duration: number, connections: number }} options
 */
export async function pagingBench(url, { label, gate, duration, connections }) {
  const section = `Paging on ${label}, read cache off (${connections} connections, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const d = await discover(url);
  // Alternating thirds, so background work on the machine lands on both sides alike.
  const third = Math.max(1, Math.round(duration / 3));
  const firsts = [];
  const deeps = [];
  for (let i = 0; i < 3; i += 1) {
    firsts.push(await load(url, { paths: [d.firstPage], duration: third, connections, warmup: 1 }));
    deeps.push(await load(url, { paths: [d.deepPage], duration: third, connections, warmup: 1 }));
  }
  const [first, deep] = [firsts.reduce(merge), deeps.reduce(merge)];
  const byId = await load(url, { paths: d.partPaths, duration, connections });
  record(
    section,
    'GET /api/parts?limit=24, page 1',
    `${fmt.rps(first.rps)}, p99 ${fmt.ms(first.p99)}`,
    'figure (no cache)',
    null,
  );
  record(
    section,
    'GET /api/parts?limit=24, page 1,000',
    `${fmt.rps(deep.rps)}, p99 ${fmt.ms(deep.p99)}`,
    'figure (no cache)',
    null,
  );
  record(section, 'GET /api/parts/{id}', `${fmt.rps(byId.rps)}, p99 ${fmt.ms(byId.p99)}`, 'figure (no cache)', null);
  const bad = first.errors + first.non2xx + deep.errors + deep.non2xx + byId.errors + byId.non2xx;
  record(section, 'errors', String(bad), '0', bad === 0);
  const rpsRatio = deep.rps / first.rps;
  const gateOr = (/** @type {boolean} */ ok) => (gate ? ok : null);
  record(
    section,
    'page 1,000 vs page 1 throughput',
    `${rpsRatio.toFixed(2)} x page 1`,
    '>= 0.90 x page 1',
    gateOr(rpsRatio >= 0.9),
  );
  record(
    section,
    'page 1,000 vs page 1 p99',
    `${fmt.ms(deep.p99)} vs ${fmt.ms(first.p99)}`,
    '<= 1.25 x page 1 + 1 ms',
    gateOr(deep.p99 <= first.p99 * 1.25 + 1),
  );
}

/**
 * Throughput weighted by requests, the worse p99.
 * @param {import('./load.mjs').LoadResult} a @param {import('./load.mjs').LoadResult} b
 * @returns {import('./load.mjs').LoadResult}
 */
function merge(a, b) {
  return {
    ...a,
    rps: (a.total + b.total) / (a.seconds + b.seconds),
    seconds: a.seconds + b.seconds,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    total: a.total + b.total,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    non2xx: a.non2xx + b.non2xx,
  };
}
