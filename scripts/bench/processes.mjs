// One to three API processes, with each request's CPU (/proc), which other work on the machine moves less.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { discover } from './reads.mjs';
import { load } from './load.mjs';
import { fmt, record } from './report.mjs';
import { seedBenchParts } from './seed.mjs';
import { benchUsers } from './users.mjs';

const PROCESSES = [1, 2, 3];
const ORDER_BODY = { phoneNumber: '01234567', address: '1 Bench Street, Loopback City' };
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** utime, stime, cutime and cstime are fields 11 to 14 after the name. @param {number | string} pid */
function statOf(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** @param {string[] | null} stat @param {boolean} reaped with the children it has waited for */
const ticks = (stat, reaped) =>
  stat ? [11, 12, ...(reaped ? [13, 14] : [])].reduce((sum, i) => sum + Number(stat[i] ?? 0), 0) : 0;

/**
 * The PostgreSQL server's CPU is its postmaster with the backends it reaped, and those still running.
 * @param {number[]} apiPids @param {number} port
 */
function cpuNow(apiPids, port) {
  const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const postmaster = pids.find((pid) => {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return /(?:^|\/)postgres$/.test(argv[0] ?? '') && argv.join(' ').includes(`-p ${port} `);
    } catch {
      return false;
    }
  });
  if (!postmaster) throw new Error(`no PostgreSQL server found on port ${port}`);
  let postgres = ticks(statOf(postmaster), true);
  for (const pid of pids) {
    const stat = statOf(pid);
    if (stat?.[1] === postmaster) postgres += ticks(stat, false);
  }
  const api = apiPids.reduce((sum, pid) => sum + ticks(statOf(pid), false), 0);
  return { api: api / TICKS_PER_SECOND, postgres: postgres / TICKS_PER_SECOND };
}

/**
 * @param {{ url: string, child: import('node:child_process').ChildProcess }[]} shops
 * @param {(n: () => number) => object[]} requests autocannon requests, given a counter shared by all shops
 * @param {{ duration: number, connections: number, ok: string, port: number }} options
 */
async function spread(shops, requests, { duration, connections, ok, port }) {
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
  await run(2);
  const pids = shops.map(({ child }) => child.pid ?? 0);
  const before = cpuNow(pids, port);
  const results = await run(duration);
  const after = cpuNow(pids, port);
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
  };
}

/**
 * @typedef {{ url: string, child: import('node:child_process').ChildProcess }} Shop
 * @param {Shop} first a shop already running on the database
 * @param {() => Promise<Shop>} startAnother starts one more shop on the same database
 * @param {import('./seed.mjs').Sql} db
 * @param {{ databaseUrl: string, duration: number, connections: number, secret: string }} options
 */
export async function processesBench(first, startAnother, db, { databaseUrl, duration, connections, secret }) {
  const section = `Several processes on one PostgreSQL (${connections} connections spread over them, ${duration} s each)`;
  console.log(`\n--- ${section} ---`);
  const port = Number(new URL(databaseUrl).port);
  const users = await benchUsers(db, { count: connections, secret, prefix: 'bench-processes' });
  const hot = (await seedBenchParts(db, { hot: 20, hotStock: 1_000_000, scarceStock: 1_000_000 })).slice(1);
  const d = await discover(first.url);
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
}
