import autocannon from 'autocannon';

/**
 * @typedef {{ rps: number, p50: number, p99: number, total: number, errors: number, timeouts: number,
 *             non2xx: number, statusCodes: Record<string, number>, seconds: number }} LoadResult
 */

/**
 * @param {string} url base URL (http://127.0.0.1:PORT)
 * @param {{ path?: string, paths?: string[], requests?: object[], connections?: number, duration?: number,
 *           warmup?: number }} options
 * @returns {Promise<LoadResult>}
 */
export async function load(url, options) {
  const { connections = 50, duration = 10, warmup = 2 } = options;
  if (!/^http:\/\/(?:127\.0\.0\.1|localhost)(?::|\/|$)/.test(url))
    throw new Error(`refusing to load a non-loopback URL: ${url}`);
  const requests = options.requests ?? rotate(options.paths ?? [options.path ?? '/']);
  const base = { url, connections, requests, timeout: 10 };
  // An unmeasured run first: JIT, pool connections and caches warm up as in real use.
  if (warmup > 0) await autocannon({ ...base, duration: warmup });
  const r = await autocannon({ ...base, duration });
  return summarize(r);
}

/** Each connection walks the list from its own place. @param {string[]} paths @returns {autocannon.Request[]} */
function rotate(paths) {
  if (paths.length === 1) return [{ path: paths[0] }];
  let next = 0;
  return [
    {
      setupRequest: (/** @type {autocannon.Request} */ req) => {
        req.path = paths[next % paths.length];
        next += 1;
        return req;
      },
    },
  ];
}

/** @param {autocannon.Result} r @returns {LoadResult} */
export function summarize(r) {
  /** @type {Record<string, number>} */
  const statusCodes = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = Number(stat.count);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes,
    seconds: r.duration,
  };
}
