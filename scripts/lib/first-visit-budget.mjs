// An import that drags a library into the first visit fails npm test, not a later Lighthouse run.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const JS_BUDGET_BYTES = 170 * 1024;

/** Its dynamic imports (and those of its boot.ts) are stages every first visit runs. */
const START = 'src/start/';
/** Start-up imports only some visits make. */
const ON_DEMAND = ['src/lib/webmcp/'];

export const gzipSize = (/** @type {Buffer} */ buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

/** @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }} Chunk */

/**
 * index.html's entry and the start-up's stages, with what they import; not the screens loaded on demand.
 * @param {string} webDist the built web app
 * @returns {{ file: string, gzip: number }[]}
 */
export function firstVisitScripts(webDist) {
  /** @type {Record<string, Chunk>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    if (!chunk.isEntry && !chunk.src?.startsWith(START)) return;
    for (const next of chunk.dynamicImports ?? [])
      if (!ON_DEMAND.some((folder) => manifest[next]?.src?.startsWith(folder))) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return [...seen].map((file) => ({ file, gzip: gzipSize(fs.readFileSync(path.join(webDist, file))) }));
}

/**
 * Throws, naming the total and the largest files, when over budget.
 * @param {string} webDist @param {number} [budget]
 * @returns {number} the total, gzipped
 */
export function checkFirstVisitBudget(webDist, budget = JS_BUDGET_BYTES) {
  const scripts = firstVisitScripts(webDist);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`first visit: ${kb(total)} of JavaScript (gzipped) in ${scripts.length} files, budget ${kb(budget)}`);
  if (total <= budget) return total;
  const largest = scripts
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((script) => `${script.file} ${kb(script.gzip)}`);
  throw new Error(
    `the first visit loads ${kb(total)} of JavaScript, over its ${kb(budget)} budget; largest: ${largest.join(', ')}`,
  );
}
