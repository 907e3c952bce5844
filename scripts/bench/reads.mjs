// Read throughput: the catalog endpoints against a bare Node server answering the same bytes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const PAGE = 24;
const DEEP_PAGE = 1_000;
const ID_SAMPLE = 1_000;

/** The next-page URL from a Link header, or null on the last page. */
function nextLink(response) {
  const link = response.headers.get('link');
  return link ? (/<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
}

async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  const body = await response.text();
  return { response, body, json: JSON.parse(body) };
}

/**
 * Walks the Link headers from the first page to the 1,000th (so the deep cursor is one the
 * API itself handed out), keeping a sample of part ids on the way.
 */
export async function discover(url) {
  let next = `/api/parts?limit=${PAGE}`;
  const firstPage = next;
  let deepPage = next;
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

/** Starts the baseline server on the bytes the shop answered for each path. */
async function startBaseline(url, paths) {
  /** @type {Record<string, { contentType: string, body: string }>} */
  const recorded = {};
  for (const p of paths) {
    const { response, body } = await getJson(`${url}${p}`);
    recorded[p] = { contentType: response.headers.get('content-type') ?? 'application/json', body };
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-baseline-')), 'responses.json');
  fs.writeFileSync(file, JSON.stringify(recorded));
  const child = spawn(process.execPath, [path.join(HERE, 'baseline-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(undefined));
        child.kill('SIGTERM');
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
      }),
  };
}

/**
 * @param {string} url the shop
 * @param {{ label: string, gate: boolean, duration: number, connections: number,
 *           baseline?: Record<string, import('./load.mjs').LoadResult> }} options
 *   gate: whether the targets decide PASS/FAIL here (PostgreSQL) or only inform (PGlite).
 *   baseline: figures measured earlier in this run, reused instead of measuring again.
 */
export async function readBench(url, { label, gate, duration, connections, baseline }) {
  const section = `Reads on ${label} (${connections} connections, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const d = await discover(url);
  const endpoints = [
    { name: 'GET /api/parts?limit=24', paths: [d.firstPage] },
    { name: 'GET /api/parts/{id}', paths: d.partPaths },
    { name: 'GET /api/reviews?limit=24', paths: [d.reviewsPage] },
    { name: 'GET /api/parts, page 1,000 (cursor)', paths: [d.deepPage] },
  ];

  /** @type {Record<string, import('./load.mjs').LoadResult>} */
  const base = { ...baseline };
  if (!baseline) {
    const server = await startBaseline(
      url,
      endpoints.flatMap((e) => e.paths),
    );
    try {
      for (const e of endpoints) {
        base[e.name] = await load(server.url, { paths: e.paths, duration, connections });
        console.log(`  baseline ${e.name}: ${fmt.rps(base[e.name].rps)}, p99 ${fmt.ms(base[e.name].p99)}`);
      }
    } finally {
      await server.stop();
    }
  }

  /** @type {Record<string, import('./load.mjs').LoadResult>} */
  const shop = {};
  for (const e of endpoints) {
    const r = await load(url, { paths: e.paths, duration, connections });
    shop[e.name] = r;
    const b = base[e.name];
    const ratio = b ? r.rps / b.rps : 0;
    const gateOr = (ok) => (gate ? ok : null);
    record(
      section,
      `${e.name} throughput`,
      `${fmt.rps(r.rps)} = ${ratio.toFixed(2)} x baseline ${fmt.rps(b?.rps ?? 0)}`,
      '>= 0.40 x baseline',
      gateOr(ratio >= 0.4),
    );
    record(section, `${e.name} p99`, `${fmt.ms(r.p99)} (p50 ${fmt.ms(r.p50)})`, '< 20 ms', gateOr(r.p99 < 20));
    const bad = r.errors + r.timeouts + r.non2xx;
    record(section, `${e.name} errors`, `${bad} of ${r.total.toLocaleString('en-US')}`, '0', bad === 0);
  }
  const first = shop[endpoints[0].name];
  const deep = shop[endpoints[3].name];
  if (first && deep) {
    const rpsRatio = deep.rps / first.rps;
    record(
      section,
      'page 1,000 vs page 1 throughput',
      `${rpsRatio.toFixed(2)} x page 1`,
      '>= 0.90 x page 1',
      rpsRatio >= 0.9,
    );
    record(
      section,
      'page 1,000 vs page 1 p99',
      `${fmt.ms(deep.p99)} vs ${fmt.ms(first.p99)}`,
      '<= 1.25 x page 1 + 1 ms',
      deep.p99 <= first.p99 * 1.25 + 1,
    );
  }
  return { baseline: base, shop };
}
