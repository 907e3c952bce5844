// Two web processes and one worker against two processes of role all (docs/deploy.md#roles): the same reads and
// orders, spread by the load generator over the processes that answer HTTP, in alternating rounds.
import { ordering, rotating, spread } from './processes.mjs';
import { fmt, loadNow, median, record } from './report.mjs';

/**
 * @typedef {{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }} Shop
 * @param {(env: Record<string, string>) => Promise<Shop>} start one more shop on the bench's database
 * @param {{ port: number, reads: string[], users: { authorization: string }[], hot: { id: string }[],
 *           duration: number, connections: number, rounds: number }} options
 */
export async function rolesBench(start, { port, reads, users, hot, duration, connections, rounds }) {
  const section = `Roles: 2 web + 1 worker against 2 of role all (${connections} connections, median of ${rounds} rounds of ${duration} s)`;
  console.log(`\n--- ${section} ---`);
  const started = await Promise.all(['all', 'all', 'web', 'web', 'worker'].map((SHOP_ROLE) => start({ SHOP_ROLE })));
  const [allA, allB, webA, webB, worker] = /** @type {[Shop, Shop, Shop, Shop, Shop]} */ (started);
  try {
    record(section, 'load average at the start', loadNow(), 'figure', null);
    const setups = [
      { label: '2 of role all', shops: [allA, allB], others: [] },
      // The worker answers no catalog read or order, but its CPU is the deployment's.
      { label: '2 web + 1 worker', shops: [webA, webB], others: [worker.child] },
    ];
    /** @type {Record<string, Awaited<ReturnType<typeof spread>>[]>} */
    const readRuns = {};
    /** @type {Record<string, Awaited<ReturnType<typeof spread>>[]>} */
    const orderRuns = {};
    for (let round = 0; round < rounds; round += 1) {
      for (const { label, shops, others } of setups) {
        const options = { duration, connections, port, others, warmup: round === 0 ? 2 : 0 };
        (readRuns[label] ??= []).push(await spread(shops, rotating(reads), { ...options, ok: '200' }));
        (orderRuns[label] ??= []).push(await spread(shops, ordering(users, hot), { ...options, ok: '201' }));
      }
    }
    const summary = (/** @type {Awaited<ReturnType<typeof spread>>[]} */ runs) => ({
      perSecond: median(runs.map((r) => r.perSecond)),
      p99: median(runs.map((r) => r.p99)),
      apiMs: median(runs.map((r) => r.apiMs)),
      postgresMs: median(runs.map((r) => r.postgresMs)),
      other: runs.reduce((sum, r) => sum + r.other, 0),
    });
    const base = { reads: summary(readRuns['2 of role all'] ?? []), orders: summary(orderRuns['2 of role all'] ?? []) };
    for (const { label } of setups) {
      const r = summary(readRuns[label] ?? []);
      const o = summary(orderRuns[label] ?? []);
      const ratio = (/** @type {number} */ value, /** @type {number} */ of) => `${(value / of).toFixed(2)} x role all`;
      const cpu = (/** @type {ReturnType<typeof summary>} */ x, /** @type {ReturnType<typeof summary>} */ of) =>
        `API ${x.apiMs.toFixed(2)} + PostgreSQL ${x.postgresMs.toFixed(2)} ms = ${ratio(x.apiMs + x.postgresMs, of.apiMs + of.postgresMs)}`;
      record(
        section,
        `catalog reads, ${label}`,
        `${fmt.rps(r.perSecond)} = ${ratio(r.perSecond, base.reads.perSecond)}, p99 ${fmt.ms(r.p99)}`,
        'figure',
        null,
      );
      record(section, `CPU a catalog read, ${label}`, cpu(r, base.reads), 'figure', null);
      record(
        section,
        `orders placed, ${label}`,
        `${fmt.rps(o.perSecond).replace('req', 'orders')} = ${ratio(o.perSecond, base.orders.perSecond)}, p99 ${fmt.ms(o.p99)}`,
        'figure',
        null,
      );
      record(section, `CPU an order, ${label}`, cpu(o, base.orders), 'figure', null);
      record(
        section,
        `answers other than 200 / 201, ${label}`,
        String(r.other + o.other),
        '0',
        r.other + o.other === 0,
      );
    }
    record(section, 'load average at the end', loadNow(), 'figure', null);
  } finally {
    await Promise.all(started.map((shop) => shop.stop()));
  }
}
