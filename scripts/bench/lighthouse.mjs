// Lighthouse (mobile) on the public pages beside an empty page measured in the same run.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { HEADLESS_CHROMIUM_FLAGS } from '../lib/chromium.mjs';
import { gzipSize, JS_BUDGET_BYTES } from '../lib/first-visit-budget.mjs';
import { buildReactFloor } from './react-floor.mjs';
import { fmt, record } from './report.mjs';

const LIGHTHOUSE_VERSION = JSON.parse(
  fs.readFileSync(new URL('../../node_modules/lighthouse/package.json', import.meta.url), 'utf8'),
).version;
const CATEGORIES = /** @type {const} */ ([
  ['performance', 'performance', 100],
  ['accessibility', 'accessibility', 100],
  ['best-practices', 'best practices', 100],
  ['seo', 'SEO', 100],
]);
const AGENTIC = 'agentic-browsing';
const CHROME_FLAGS = [
  ...HEADLESS_CHROMIUM_FLAGS,
  '--disable-dev-shm-usage',
  // Without the flag the shop registers no WebMCP tools and the WebMCP audits see none.
  '--enable-features=WebMCP',
];

/**
 * The same-origin scripts a run loaded, gzipped from the built files.
 * @param {import('lighthouse').Result} lhr @param {string} origin @param {string} webDist
 */
function loadedScripts(lhr, origin, webDist) {
  const details = lhr.audits['network-requests']?.details;
  /** @type {{ resourceType?: string, url?: string, transferSize?: number }[]} */
  const items = details && 'items' in details ? /** @type {any[]} */ (details.items) : [];
  return items
    .filter((i) => i.resourceType === 'Script' && String(i.url).startsWith(origin))
    .map((i) => {
      const pathname = new URL(String(i.url)).pathname;
      const file = path.join(webDist, pathname);
      const buffer = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
      return { url: pathname, bytes: buffer.length, gzip: gzipSize(buffer), transfer: i.transferSize ?? 0 };
    });
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** @typedef {{ name: string, path: string, lhrs: import('lighthouse').Result[], blocked: import('lighthouse').Result[] }} Page */

const EMPTY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Empty</title></head><body><p>Empty</p></body></html>';

/**
 * A page from a server of its own, measured beside the shop's pages in the same run: the empty
 * page (no page work at all) or the React floor (scripts/bench/react-floor.mjs).
 * @param {Map<string, { type: string, body: string }>} files each file by its URL path
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
async function startPageServer(files) {
  const server = http.createServer((req, res) => {
    const file = files.get(new URL(req.url ?? '/', 'http://page').pathname);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': Buffer.byteLength(file.body) });
    res.end(file.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/`,
    // Chromium may still hold a connection open, which close() alone would wait on for ever.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

/** @param {import('lighthouse').Result} lhr */
const performanceOf = (lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
/** @param {import('lighthouse').Result} lhr */
const tbtOf = (lhr) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);

/** @param {import('lighthouse').Result} lhr */
function longestTasks(lhr) {
  const details = lhr.audits['long-tasks']?.details;
  /** @type {{ duration?: number }[]} */
  const items = details && 'items' in details ? /** @type {any[]} */ (details.items) : [];
  return items.map((i) => Math.round(i.duration ?? 0)).sort((a, b) => b - a);
}

/**
 * The run with the median performance score stands for the page (Lighthouse's advice for noisy machines).
 * @param {import('lighthouse').Result[]} lhrs
 */
function medianRun(lhrs) {
  const perf = lhrs.map(performanceOf);
  return lhrs[perf.indexOf(median(perf))] ?? lhrs[0];
}

/**
 * @param {string} url the shop
 * @param {{ root: string, webDist: string, runs: number, chromePath: string, blocked?: boolean }} options
 *   blocked: each page once more per round with every script blocked
 */
export async function lighthouseBench(url, { root, webDist, runs, chromePath, blocked = false }) {
  const section = `Page speed: Lighthouse ${LIGHTHOUSE_VERSION} mobile, median of ${runs} run(s) per page`;
  console.log(`\n--- ${section} ---`);
  if (!fs.existsSync(chromePath)) {
    record(section, 'Chromium', `not found at ${chromePath}`, 'installed', false);
    return;
  }
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const empty = await startPageServer(new Map([['/', { type: 'text/html; charset=utf-8', body: EMPTY_PAGE }]]));
  const reactFloor = await startPageServer(await buildReactFloor(root));
  try {
    /** @type {Page[]} */
    const pages = [
      { name: '/', path: '/' },
      { name: '/allparts', path: '/allparts' },
      { name: '/allreviews', path: '/allreviews' },
      { name: 'a part page', path: await partPage(url) },
      { name: '/build (a complete build)', path: await buildPage(url) },
    ].map((p) => ({ ...p, lhrs: [], blocked: [] }));
    /** @type {import('lighthouse').Result[]} */
    const emptyRuns = [];
    /** @type {import('lighthouse').Result[]} */
    const floorRuns = [];
    // Round by round, the empty page and the React floor first, so a change in the machine's
    // load meets every page.
    for (let i = 0; i < runs; i += 1) {
      const lhr = await auditTwice(empty.url, chrome.port, { only: ['performance'] });
      if (lhr) emptyRuns.push(lhr);
      const floorRun = await auditTwice(reactFloor.url, chrome.port, { only: ['performance'] });
      if (floorRun) floorRuns.push(floorRun);
      for (const page of pages) {
        const run = await auditTwice(`${url}${page.path}`, chrome.port);
        if (run) page.lhrs.push(run);
        if (!blocked) continue;
        const floor = await auditTwice(`${url}${page.path}`, chrome.port, {
          only: ['performance'],
          blockScripts: true,
        });
        if (floor) page.blocked.push(floor);
      }
    }
    const emptyScore = median(emptyRuns.map(performanceOf));
    record(
      section,
      'empty page performance',
      emptyRuns.length > 0
        ? `${emptyScore} (runs: ${emptyRuns.map(performanceOf).join(', ')}), TBT ${median(emptyRuns.map(tbtOf))} ms`
        : 'no run completed',
      'completes',
      emptyRuns.length > 0,
    );
    const floorLhr = medianRun(floorRuns);
    const floorTasks = floorLhr ? longestTasks(floorLhr) : [];
    record(
      section,
      'React floor (one paragraph adopted by React) longest tasks',
      floorLhr ? floorTasks.map((t) => `${t} ms`).join(', ') || 'none over 50 ms' : 'no run completed',
      'measured',
      !!floorLhr,
    );
    /** @type {string[][]} */
    const table = [];
    for (const page of pages) {
      const lhr = medianRun(page.lhrs);
      if (!lhr) {
        record(section, `${page.name} Lighthouse`, 'no run completed', 'completes', false);
        continue;
      }
      const scores = page.lhrs.map(performanceOf);
      const score = median(scores);
      const tbt = median(page.lhrs.map(tbtOf));
      const tasks = longestTasks(lhr);
      record(
        section,
        `${page.name} performance`,
        `${score} (runs: ${scores.join(', ')}), empty page ${emptyScore}, ${score - emptyScore}`,
        `>= empty page - 5`,
        emptyRuns.length > 0 && score >= emptyScore - 5,
      );
      record(section, `${page.name} Total Blocking Time`, `${tbt} ms`, '<= 200 ms', tbt <= 200);
      record(
        section,
        `${page.name} longest tasks`,
        tasks.length > 0
          ? tasks
              .slice(0, 3)
              .map((t) => `${t} ms`)
              .join(', ')
          : 'none over 50 ms',
        `<= 50 ms (React floor: ${floorTasks[0] ?? 0} ms)`,
        (tasks[0] ?? 0) <= 50,
      );
      for (const [id, label] of CATEGORIES.slice(1)) {
        const value = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        record(section, `${page.name} ${label}`, String(value), '100', value === 100);
      }
      const agentic = passRatio(lhr, AGENTIC);
      record(
        section,
        `${page.name} agentic browsing`,
        agentic ? `${agentic.passed}/${agentic.applicable} passed` : 'not reported',
        'all applicable pass',
        !!agentic && agentic.passed === agentic.applicable,
      );
      explain(lhr);
      const floor =
        page.blocked.length > 0
          ? `${median(page.blocked.map(performanceOf))} / ${median(page.blocked.map(tbtOf))} ms`
          : '';
      if (floor) console.log(`        every script blocked: performance / TBT ${floor}`);
      table.push([
        page.name,
        `${score} (${scores.join(', ')})`,
        String(emptyScore),
        String(score - emptyScore),
        `${tbt} ms`,
        tasks
          .slice(0, 3)
          .map((t) => `${t}`)
          .join(', ') || '-',
        ...(blocked ? [floor] : []),
      ]);
      if (page.path === '/') {
        const scripts = loadedScripts(lhr, url, webDist);
        const total = scripts.reduce((s, x) => s + x.gzip, 0);
        record(
          section,
          '/ JS loaded before interaction (gzip)',
          `${fmt.kb(total)} in ${scripts.length} files`,
          `<= ${fmt.kb(JS_BUDGET_BYTES)}`,
          total <= JS_BUDGET_BYTES,
        );
        for (const s of scripts)
          console.log(`        ${fmt.kb(s.gzip).padStart(9)} gz  ${fmt.kb(s.bytes).padStart(9)} raw  ${s.url}`);
      }
    }
    const header = [
      'page',
      'performance (runs)',
      'empty page',
      'difference',
      'TBT',
      'longest tasks (ms)',
      ...(blocked ? ['scripts blocked: performance / TBT'] : []),
    ];
    if (floorLhr) {
      const scores = floorRuns.map(performanceOf);
      table.push([
        'React floor',
        `${median(scores)} (${scores.join(', ')})`,
        String(emptyScore),
        String(median(scores) - emptyScore),
        `${median(floorRuns.map(tbtOf))} ms`,
        floorTasks.slice(0, 3).join(', ') || '-',
        ...(blocked ? [''] : []),
      ]);
    }
    console.log(`\n| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
    for (const row of table) console.log(`| ${row.join(' | ')} |`);
  } finally {
    await chrome.kill();
    await empty.close();
    await reactFloor.close();
  }
}

/**
 * A trace Lighthouse could not record (a starved machine) is retried once.
 * @param {string} url @param {number} port
 * @param {{ only?: string[], blockScripts?: boolean }} [options]
 */
async function auditTwice(url, port, options) {
  return (await audit(url, port, options)) ?? (await audit(url, port, options));
}

/**
 * @param {string} url @param {number} port Chrome's debugging port
 * @param {{ only?: string[], blockScripts?: boolean }} [options]
 */
async function audit(url, port, { only, blockScripts = false } = {}) {
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: only ?? [...CATEGORIES.map(([id]) => id), AGENTIC],
      ...(blockScripts ? { blockedUrlPatterns: ['*.js'] } : {}),
    });
    if (!result) throw new Error('no result');
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return result.lhr;
  } catch (error) {
    console.log(`        Lighthouse on ${url}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** @param {string} url the shop */
async function partPage(url) {
  const response = await fetch(`${url}/api/parts?limit=1`);
  if (!response.ok) throw new Error(`GET /api/parts answered ${response.status}`);
  const [part] = /** @type {{ _id: string }[]} */ (await response.json());
  if (!part?._id) throw new Error('the catalog has no part to audit');
  return `/parts/${part._id}`;
}

/**
 * The planner with a complete build, so every slot, the verdict and the wattage bar are drawn.
 * @param {string} url the shop
 */
async function buildPage(url) {
  const params = new URLSearchParams();
  // packages/shared/src/build-link.ts's slots (plain Node cannot import its TypeScript).
  for (const kind of ['cpu', 'motherboard', 'memory', 'gpu', 'storage', 'psu', 'case', 'cooling']) {
    const response = await fetch(`${url}/api/parts?kind=${kind}&limit=1`);
    if (!response.ok) throw new Error(`GET /api/parts?kind=${kind} answered ${response.status}`);
    const [part] = /** @type {{ _id: string }[]} */ (await response.json());
    if (!part?._id) throw new Error(`the catalog has no ${kind} to build with`);
    params.set(kind, part._id);
  }
  return `/build?${params.toString()}`;
}

/**
 * As Lighthouse's report counts it: manual and not-applicable audits left out, informative ones
 * never pass or fail, the rest pass at 0.9.
 * @param {import('lighthouse').Result['audits'][string] | undefined} audit
 */
const isFailing = (audit) =>
  !!audit &&
  audit.score !== null &&
  audit.score < 0.9 &&
  ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode);

/** @param {import('lighthouse').Result} lhr @param {string} categoryId */
function passRatio(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return null;
  let applicable = 0;
  let passed = 0;
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || !['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
    applicable += 1;
    if (!isFailing(audit)) passed += 1;
  }
  return { passed, applicable };
}

/** Names every failing audit once, with the categories it counts in. @param {import('lighthouse').Result} lhr */
function explain(lhr) {
  /** @type {Map<string, string[]>} */
  const failing = new Map();
  for (const [id, category] of Object.entries(lhr.categories))
    for (const ref of category.auditRefs) {
      if (!isFailing(lhr.audits[ref.id])) continue;
      failing.set(ref.id, [...(failing.get(ref.id) ?? []), id]);
    }
  if (failing.size === 0) {
    console.log('        no failing audit');
    return;
  }
  console.log('        failing audits:');
  for (const [id, categories] of failing) {
    const audit = lhr.audits[id];
    if (!audit) continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    console.log(`        - ${audit.title}${value} [${id}; ${categories.join(', ')}]`);
  }
}
