// One to three API processes, with each request's CPU (/proc), which other work on the machine moves less.
import { postgresSeconds, processSeconds } from './cpu.mjs';
import { discover } from './reads.mjs';
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';
import { seedBenchParts } from './seed.mjs';
import { benchUsers } from './users.mjs';

const PROCESSES = [1, 2, 3];
const ORDER_BODY = { phoneNumber: '01234567', address: '1 Bench Street, Loopback City' };
/**
 * Load spread over the shops by the load generator, with the CPU each answer cost the shops (and `others`, such as a
 * worker), the PostgreSQL server on `port` and the one on `replicaPort`.
 * @param {{ url: string, child: import('node:child_process').ChildProcess }[]} shops
 * @param {(n: () => number) => object[]} requests autocannon requests, given a counter shared by all shops
 * @param {{ duration: number, connections: number, ok: string, port: number, replicaPort?: number,
 *           others?: import('node:child_process').ChildProcess[], warmup?: number }} options
 */
export async function spread(
  shops,
  requests,
  { duration, connections, ok, port, replicaPort, others = [], warmup = 2 },
) {
  let n = 0;
  const next = () => (n += 1);
  const run = (/** @type {number} */ seconds) =>
    Promise.all(
      shops.map(({ url }, i) =>
        load(url, {
          requests: requests(next),
          duration: seconds,
          warmup: 0,
          connections: Math.floor(connections / shops.length) + (i < connections % shops.length ? 1 : 0),
        }),
      ),
    );
  if (warmup > 0) await run(warmup);
  const pids = [...shops.map(({ child }) => child), ...others].map((child) => child.pid ?? 0);
  const cpuNow = () => ({
    api: processSeconds(pids),
    postgres: postgresSeconds(port),
    replica: replicaPort ? postgresSeconds(replicaPort) : 0,
  });
  const before = cpuNow();
  const results = await run(duration);
  const after = cpuNow();
  const answered = results.reduce((sum, r) => sum + r.total, 0);
  const total = results.reduce((sum, r) => sum + (r.statusCodes[ok] ?? 0), 0);
  const seconds = Math.max(...results.map((r) => r.seconds));
  const other = answered - total + results.reduce((sum, r) => sum + r.errors, 0);
  const perRequest = (/** @type {number} */ cpu) => (cpu * 1000) / Math.max(1, answered);
  return {
    perSecond: total / seconds,
    other,
    p99: Math.max(...results.map((r) => r.p99)),
    apiMs: perRequest(after.api - before.api),
    postgresMs: perRequest(after.postgres - before.postgres),
    replicaMs: perRequest(after.replica - before.replica),
  };
}

/**
 * Each request takes the next of `paths`, counted across every shop the load is spread over.
 * @param {string[]} paths @returns {(next: () => number) => object[]}
 */
export const rotating = (paths) => (next) => [
  {
    setupRequest: (/** @type {import('autocannon').Request} */ req) => {
      req.path = paths[next() % paths.length];
      return req;
    },
  },
];

/**
 * One unit of one of the `hot` parts, by each of the `users` in turn.
 * @param {{ authorization: string }[]} users @param {{ id: string }[]} hot
 * @returns {(next: () => number) => object[]}
 */
export const ordering = (users, hot) => (next) => [
  {
    method: 'POST',
    path: '/api/orders',
    setupRequest: (/** @type {import('autocannon').Request} */ req) => {
      const i = next();
      req.headers = { 'content-type': 'application/json', authorization: users[i % users.length]?.authorization ?? '' };
      req.body = JSON.stringify({ partId: hot[i % hot.length]?.id, totalOrder: 1, ...ORDER_BODY });
      return req;
    },
  },
];

/**
 * @typedef {{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }} Shop
 * @param {Shop} first a shop already running on the database
 * @param {() => Promise<Shop>} startAnother starts one more shop on the same database
 * @param {import('./seed.mjs').Sql} db
 * @param {{ databaseUrl: string, duration: number, connections: number, secret: string }} options
 * @returns the catalog reads and the buyers, for the benches that follow
 */
export async function processesBench(first, startAnother, db, { databaseUrl, duration, connections, secret }) {
  const section = `Several processes on one PostgreSQL (${connections} connections spread over them, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const port = Number(new URL(databaseUrl).port);
  const users = await benchUsers(db, { count: connections, secret, prefix: 'bench-processes' });
  const hot = (await seedBenchParts(db, { hot: 20, hotStock: 1_000_000, scarceStock: 1_000_000 })).slice(1);
  const d = await discover(first.url);
  const reads = [d.firstPage, d.reviewsPage, '/api/parts/facets', '/api/parts?q=ryzen&limit=24', ...d.partPaths];

  const readRequests = rotating(reads);
  const orderRequests = ordering(users, hot);

  const shops = [first];
  /** @type {{ reads: number, orders: number, readMs: number, orderMs: number } | undefined} */
  let one;
  for (const count of PROCESSES) {
    while (shops.length < count) shops.push(await startAnother());
    const r = await spread(shops, readRequests, { duration, connections, ok: '200', port });
    const o = await spread(shops, orderRequests, { duration, connections, ok: '201', port });
    one ??= {
      reads: r.perSecond,
      orders: o.perSecond,
      readMs: r.apiMs + r.postgresMs,
      orderMs: o.apiMs + o.postgresMs,
    };
    const label = `${count} process${count === 1 ? '' : 'es'}`;
    const ratio = (/** @type {number} */ value, /** @type {number} */ base) => `${(value / base).toFixed(2)} x one`;
    const cpu = (/** @type {{ apiMs: number, postgresMs: number }} */ x, /** @type {number} */ base) =>
      `API ${x.apiMs.toFixed(2)} + PostgreSQL ${x.postgresMs.toFixed(2)} ms = ${ratio(x.apiMs + x.postgresMs, base)}`;
    record(
      section,
      `catalog reads, ${label}`,
      `${fmt.rps(r.perSecond)} = ${ratio(r.perSecond, one.reads)}, p99 ${fmt.ms(r.p99)}`,
      'figure',
      null,
    );
    record(section, `CPU a catalog read, ${label}`, cpu(r, one.readMs), 'figure', null);
    record(
      section,
      `orders placed, ${label}`,
      `${fmt.rps(o.perSecond).replace('req', 'orders')} = ${ratio(o.perSecond, one.orders)}, p99 ${fmt.ms(o.p99)}`,
      'figure',
      null,
    );
    record(section, `CPU an order, ${label}`, cpu(o, one.orderMs), 'figure', null);
    record(section, `answers other than 200 / 201, ${label}`, String(r.other + o.other), '0', r.other + o.other === 0);
  }
  // Their background loops would otherwise run through the benches that follow.
  await Promise.all(shops.slice(1).map((shop) => shop.stop()));
  return { reads, partIds: d.partPaths.map((p) => p.slice('/api/parts/'.length)), users, hot };
}
