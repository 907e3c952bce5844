// Public pages through nginx's proxy_cache (docs/deploy.md#a-cache-in-front) against the same bytes served by the
// same nginx from files: what the shop's cache headers leave a CDN to do, in alternating rounds.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startNginx } from '../lib/nginx.mjs';
import { load } from './load.mjs';
import { fmt, loadNow, median, record } from './report.mjs';

const TARGET = 0.8;
const PART_PAGES = 20;

/**
 * A GET with no Accept-Encoding, as the load generator sends it: the shop varies on it, and nginx keeps one variant a
 * page, so the copy kept here is the one the load is answered from.
 * @param {string} url @returns {Promise<{ status: number, cacheControl: string, body: Buffer }>}
 */
function plainGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cacheControl: String(res.headers['cache-control'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * @param {number[]} ports the shop processes nginx caches in front of
 * @param {{ dir: string, partIds: string[], duration: number, connections: number, rounds: number }} options
 */
export async function edgeCacheBench(ports, { dir, partIds, duration, connections, rounds }) {
  const section = `Public pages through nginx's cache against nginx serving the same bytes from files (${connections} connections, median of ${rounds} rounds of ${duration} s)`;
  console.log(`\n--- ${section} ---`);
  const pages = [
    '/',
    '/allparts',
    '/allreviews',
    '/builds',
    ...partIds.slice(0, PART_PAGES).map((id) => `/parts/${id}`),
  ];
  const files = path.join(dir, 'files');
  const nginx = await startNginx({ dir, ports, cache: true, files });
  try {
    // The bytes the shop answers an anonymous visitor, kept as files; and the cache's copy, compared with them.
    let bytes = 0;
    let same = 0;
    for (const page of pages) {
      const { status, cacheControl, body } = await plainGet(`${nginx.base}${page}`);
      if (status !== 200 || !cacheControl.includes('s-maxage'))
        throw new Error(`${page} answered ${status}, ${cacheControl}: not a page a cache may keep`);
      const file = path.join(files, page === '/' ? 'index.html' : page);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
      bytes += body.length;
    }
    for (const page of pages) {
      const [cached, stored] = await Promise.all(
        [nginx.base, nginx.filesBase].map((base) => plainGet(`${base}${page}`)),
      );
      if (cached && stored?.body.equals(cached.body)) same += 1;
    }
    record(
      section,
      'pages, the same bytes from both',
      `${same} of ${pages.length}, ${fmt.kb(bytes / pages.length)} on average`,
      `${pages.length} of ${pages.length}`,
      same === pages.length,
    );
    record(section, 'load average at the start', loadNow(), 'figure', null);
    /** @type {{ cache: import('./load.mjs').LoadResult[], file: import('./load.mjs').LoadResult[] }} */
    const runs = { cache: [], file: [] };
    const rate = (/** @type {import('./load.mjs').LoadResult} */ r) => (r.statusCodes['200'] ?? 0) / r.seconds;
    for (let round = 0; round < rounds; round += 1) {
      const warmup = round === 0 ? 2 : 0;
      // Each side goes first in turn, so a machine getting busier or quieter favours neither.
      /** @type {('cache' | 'file')[]} */
      const sides = round % 2 === 0 ? ['cache', 'file'] : ['file', 'cache'];
      for (const side of sides)
        runs[side].push(
          await load((side === 'cache' ? nginx.base : nginx.filesBase) ?? '', {
            paths: pages,
            duration,
            connections,
            warmup,
          }),
        );
    }
    const of = (/** @type {import('./load.mjs').LoadResult[]} */ each) => ({
      perSecond: median(each.map(rate)),
      p99: median(each.map((r) => r.p99)),
      byRound: each.map((r) => Math.round(rate(r))).join(', '),
      other: each.reduce((sum, r) => sum + r.total - (r.statusCodes['200'] ?? 0) + r.errors, 0),
    });
    for (const [label, r] of /** @type {const} */ ([
      ['through the cache', of(runs.cache)],
      ['nginx from files', of(runs.file)],
    ])) {
      record(section, `pages, ${label}`, `${fmt.rps(r.perSecond)}, p99 ${fmt.ms(r.p99)}`, 'figure', null);
      record(section, `pages by round, ${label}`, `${r.byRound} req/s`, 'figure', null);
      record(section, `answers other than 200, ${label}`, String(r.other), '0', r.other === 0);
    }
    // Each round's two sides ran back to back on the same machine; the median of their ratios.
    const ratios = runs.cache.map((r, i) => rate(r) / rate(runs.file[i] ?? r));
    const ratio = median(ratios);
    record(
      section,
      'cached pages against files',
      `${ratio.toFixed(2)} x (by round ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
      `>= ${TARGET} x`,
      ratio >= TARGET,
    );
    record(section, 'load average at the end', loadNow(), 'figure', null);
  } finally {
    nginx.stop();
  }
}
