// Several API processes on one PostgreSQL: orders and catalog reads per second with one, two
// and three processes, the load generator spreading its connections over them in turn, each
// figure beside the one-process figure of the same run, so what the processes cost one another
// (one database, the change feed, one machine's cores) shows as a ratio.
import { discover } from './reads.mjs';
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';
import { seedBenchParts } from './seed.mjs';
import { benchUsers } from './users.mjs';

const PROCESSES = [1, 2, 3];
const ORDER_BODY = { phoneNumber: '01234567', address: '1 Bench Street, Loopback City' };

/**
 * `connections` spread over the shops at `urls`, each shop taking its share on loopback at once;
 * answers the requests per second of them all and what went wrong.
 * @param {string[]} urls
 * @param {(n: () => number) => object[]} requests autocannon requests, given a counter shared by all shops
 * @param {{ duration: number, connections: number, ok: string }} options
 */
async function spread(urls, requests, { duration, connections, ok }) {
  let n = 0;
  const next = () => (n += 1);
  const results = await Promise.all(
    urls.map((url, i) =>
      load(url, {
        requests: requests(next),
        duration,
        // The remainder goes to the first shops, so the total stays `connections`.
        connections: Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0),
      }),
    ),
  );
  const total = results.reduce((sum, r) => sum + (r.statusCodes[ok] ?? 0), 0);
  const seconds = Math.max(...results.map((r) => r.seconds));
  const other = results.reduce((sum, r) => sum + r.total - (r.statusCodes[ok] ?? 0) + r.errors, 0);
  return { perSecond: total / seconds, other, p99: Math.max(...results.map((r) => r.p99)) };
}

/**
 * @param {string} firstUrl a shop already running on the database
 * @param {() => Promise<{ url: string }>} startAnother starts one more shop on the same database
 * @param {import('./seed.mjs').Sql} db
 * @param {{ duration: number, connections: number, secret: string }} options
 */
export async function processesBench(firstUrl, startAnother, db, { duration, connections, secret }) {
  const section = `Several processes on one PostgreSQL (${connections} connections spread over them, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const users = await benchUsers(db, { count: connections, secret, prefix: 'bench-processes' });
  const hot = (await seedBenchParts(db, { hot: 20, hotStock: 1_000_000, scarceStock: 1_000_000 })).slice(1);
  const d = await discover(firstUrl);
  // Catalog reads as a shopper makes them, with each process's read cache as shipped.
  const reads = [d.firstPage, d.reviewsPage, '/api/parts/facets', '/api/parts?q=ryzen&limit=24', ...d.partPaths];

  /** @type {(next: () => number) => object[]} */
  const readRequests = (next) => [
    {
      setupRequest: (/** @type {import('autocannon').Request} */ req) => {
        req.path = reads[next() % reads.length];
        return req;
      },
    },
  ];
  /** @type {(next: () => number) => object[]} */
  const orderRequests = (next) => [
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest: (/** @type {import('autocannon').Request} */ req) => {
        const i = next();
        req.headers = {
          'content-type': 'application/json',
          authorization: users[i % users.length]?.authorization ?? '',
        };
        req.body = JSON.stringify({ partId: hot[i % hot.length]?.id, totalOrder: 1, ...ORDER_BODY });
        return req;
      },
    },
  ];

  const urls = [firstUrl];
  /** @type {{ reads: number, orders: number } | undefined} */
  let one;
  for (const count of PROCESSES) {
    while (urls.length < count) urls.push((await startAnother()).url);
    const r = await spread(urls, readRequests, { duration, connections, ok: '200' });
    const o = await spread(urls, orderRequests, { duration, connections, ok: '201' });
    one ??= { reads: r.perSecond, orders: o.perSecond };
    const label = `${count} process${count === 1 ? '' : 'es'}`;
    const ratio = (/** @type {number} */ value, /** @type {number} */ base) => `${(value / base).toFixed(2)} x one`;
    record(
      section,
      `catalog reads, ${label}`,
      `${fmt.rps(r.perSecond)} = ${ratio(r.perSecond, one.reads)}, p99 ${fmt.ms(r.p99)}`,
      'figure',
      null,
    );
    record(
      section,
      `orders placed, ${label}`,
      `${fmt.rps(o.perSecond).replace('req', 'orders')} = ${ratio(o.perSecond, one.orders)}, p99 ${fmt.ms(o.p99)}`,
      'figure',
      null,
    );
    record(section, `answers other than 200 / 201, ${label}`, String(r.other + o.other), '0', r.other + o.other === 0);
  }
}
