// Page speed: Lighthouse (mobile, its default settings) in the system Chromium on the public
// pages, its agentic-browsing category beside the four classic ones, and the JavaScript that /
// loads before any interaction, gzipped.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { HEADLESS_CHROMIUM_FLAGS } from '../lib/chromium.mjs';
import { gzipSize, JS_BUDGET_BYTES } from '../lib/first-visit-budget.mjs';
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
// Scored by Lighthouse as a fraction: the applicable audits that pass, out of those that apply.
const AGENTIC = 'agentic-browsing';
const CHROME_FLAGS = [
  ...HEADLESS_CHROMIUM_FLAGS,
  '--disable-dev-shm-usage',
  // WebMCP is behind a flag in Chromium: without it neither document.modelContext (so the shop
  // registers no tools) nor the DevTools protocol's WebMCP domain (so the WebMCP audits see
  // none) exists.
  '--enable-features=WebMCP',
];

/**
 * The same-origin scripts a Lighthouse run loaded, gzipped from the built files.
 * @param {import('lighthouse').Result} lhr
 * @param {string} origin
 * @param {string} webDist
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
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * @param {string} url the shop
 * @param {{ webDist: string, runs: number, chromePath: string }} options
 */
export async function lighthouseBench(url, { webDist, runs, chromePath }) {
  const section = `Page speed: Lighthouse ${LIGHTHOUSE_VERSION} mobile, median of ${runs} run(s) per page`;
  console.log(`\n--- ${section} ---`);
  if (!fs.existsSync(chromePath)) {
    record(section, 'Chromium', `not found at ${chromePath}`, 'installed', false);
    return;
  }
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const build = await buildPage(url);
    for (const page of ['/', '/allparts', await partPage(url), build]) {
      const name = page === build ? '/build (a complete build)' : page;
      /** @type {any[]} */
      const lhrs = [];
      for (let i = 0; i < runs; i += 1) {
        // A trace Lighthouse could not record (it happens on a starved machine) is retried
        // once; a page that still fails is a FAIL, and the bench goes on to the next.
        const lhr = (await audit(`${url}${page}`, chrome.port)) ?? (await audit(`${url}${page}`, chrome.port));
        if (lhr) lhrs.push(lhr);
      }
      if (lhrs.length === 0) {
        record(section, `${name} Lighthouse`, 'no run completed', 'completes', false);
        continue;
      }
      // The run with the median performance score stands for the page (Lighthouse's advice
      // for noisy machines); the other categories barely vary between runs.
      const perf = lhrs.map((l) => l.categories.performance.score ?? 0);
      const lhr = lhrs[perf.indexOf(median(perf))] ?? lhrs[0];
      if (!lhr) continue;
      for (const [id, label, target] of CATEGORIES) {
        const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const extra =
          id === 'performance' && runs > 1 ? ` (runs: ${perf.map((p) => Math.round(p * 100)).join(', ')})` : '';
        record(
          section,
          `${name} ${label}`,
          `${score}${extra}`,
          target === 100 ? '100' : `>= ${target}`,
          score >= target,
        );
      }
      const agentic = passRatio(lhr, AGENTIC);
      record(
        section,
        `${name} agentic browsing`,
        agentic ? `${agentic.passed}/${agentic.applicable} passed` : 'not reported',
        'all applicable pass',
        !!agentic && agentic.passed === agentic.applicable,
      );
      explain(lhr);
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]
        .map(
          (a) =>
            `${a
              .split('-')
              .map((w) => w[0])
              .join('')
              .toUpperCase()} ${lhr.audits[a]?.displayValue ?? '?'}`,
        )
        .join(', ');
      console.log(`        ${metrics}`);
      if (page === '/') {
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
  } finally {
    await chrome.kill();
  }
}

/**
 * One Lighthouse run, or null (with the reason printed) when it could not complete.
 * @param {string} url
 * @param {number} port Chrome's debugging port
 */
async function audit(url, port) {
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES.map(([id]) => id), AGENTIC],
    });
    if (!result) throw new Error('no result');
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return result.lhr;
  } catch (error) {
    console.log(`        Lighthouse on ${url}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * The page of the newest part, whichever the seed made.
 * @param {string} url the shop
 */
async function partPage(url) {
  const response = await fetch(`${url}/api/parts?limit=1`);
  if (!response.ok) throw new Error(`GET /api/parts answered ${response.status}`);
  const [part] = /** @type {{ _id: string }[]} */ (await response.json());
  if (!part?._id) throw new Error('the catalog has no part to audit');
  return `/parts/${part._id}`;
}

/**
 * The planner with a complete build: the first part of each slot's kind (storage once), so
 * every slot, the verdict and the wattage bar are drawn.
 * @param {string} url the shop
 */
async function buildPage(url) {
  const params = new URLSearchParams();
  // The slots of packages/shared/src/build-link.ts (plain Node cannot import its TypeScript).
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
 * An audit counts as Lighthouse's report counts it: manual and not-applicable audits are left
 * out, informative ones never pass or fail, the rest pass at 0.9.
 * @param {import('lighthouse').Result['audits'][string] | undefined} audit
 */
const isFailing = (audit) =>
  !!audit &&
  audit.score !== null &&
  audit.score < 0.9 &&
  ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode);

/**
 * The agentic-browsing fraction as the report shows it, or null when the run lacks the category.
 * @param {import('lighthouse').Result} lhr
 * @param {string} categoryId
 */
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

/**
 * Names every failing audit of the page once, with the categories it counts in, so a FAIL says
 * what to fix.
 * @param {import('lighthouse').Result} lhr
 */
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
