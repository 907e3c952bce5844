// Catalog reads with and without a streaming replica (docs/deploy.md#read-replicas): what each read costs the
// primary, from the CPU its postmaster and backends used (/proc), in alternating rounds.
import pg from 'pg';
import { startReplica } from '../lib/postgres.mjs';
import { postgresSeconds } from './cpu.mjs';
import { rotating, spread } from './processes.mjs';
import { fmt, loadNow, median, record } from './report.mjs';

/** The replica must take at least this share of the primary's CPU a read. */
const TARGET_CUT = 0.9;

/**
 * @typedef {{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }} Shop
 * @param {(env: Record<string, string>) => Promise<Shop>} start one more shop on the bench's database
 * @param {{ primaryUrl: string, reads: string[], duration: number, connections: number, rounds: number,
 *           log: (line: string) => void }} options
 */
export async function replicaBench(start, { primaryUrl, reads, duration, connections, rounds, log }) {
  const section = `Catalog reads with and without a streaming replica: 2 web processes (${connections} connections, median of ${rounds} rounds of ${duration} s)`;
  console.log(`\n--- ${section} ---`);
  // The orders of the benches before leave autovacuum work on the primary, which no read caused.
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
  const replica = await startReplica({ primaryUrl, log });
  /** @type {Shop[]} */
  const started = [];
  try {
    // No read cache: every read is a database's answer, so what is compared is where it runs.
    const env = { SHOP_ROLE: 'web', PUBLIC_CACHE_MS: '0' };
    started.push(
      ...(await Promise.all([
        start(env),
        start(env),
        start({ ...env, DATABASE_REPLICA_URL: replica.url }),
        start({ ...env, DATABASE_REPLICA_URL: replica.url }),
      ])),
    );
    record(section, 'load average at the start', loadNow(), 'figure', null);
    const port = Number(new URL(primaryUrl).port);
    const replicaPort = Number(new URL(replica.url).port);
    const setups = [
      { label: 'primary only', shops: started.slice(0, 2) },
      { label: 'with the replica', shops: started.slice(2) },
    ];
    /** @type {Record<string, Awaited<ReturnType<typeof spread>>[]>} */
    const runs = {};
    /** The primary's CPU a second with no load: the lag checks, the walsender, the other processes' loops. */
    const idle = [];
    for (let round = 0; round < rounds; round += 1) {
      // Each side goes first in turn, so a machine getting busier or quieter favours neither.
      for (const { label, shops } of round % 2 === 0 ? setups : [...setups].reverse())
        (runs[label] ??= []).push(
          await spread(shops, rotating(reads), {
            duration,
            connections,
            ok: '200',
            port,
            replicaPort,
            warmup: round === 0 ? 2 : 0,
          }),
        );
      const before = postgresSeconds(port);
      await new Promise((resolve) => setTimeout(resolve, duration * 1000));
      idle.push(((postgresSeconds(port) - before) * 1000) / duration);
    }
    const of = (/** @type {string} */ label) => {
      const each = runs[label] ?? [];
      return {
        perSecond: median(each.map((r) => r.perSecond)),
        p99: median(each.map((r) => r.p99)),
        apiMs: median(each.map((r) => r.apiMs)),
        primaryMs: median(each.map((r) => r.postgresMs)),
        replicaMs: median(each.map((r) => r.replicaMs)),
        primaryEach: each.map((r) => r.postgresMs.toFixed(3)).join(', '),
        other: each.reduce((sum, r) => sum + r.other, 0),
      };
    };
    for (const { label } of setups) {
      const r = of(label);
      record(section, `catalog reads, ${label}`, `${fmt.rps(r.perSecond)}, p99 ${fmt.ms(r.p99)}`, 'figure', null);
      record(
        section,
        `CPU a read, ${label}`,
        `API ${r.apiMs.toFixed(2)}, primary ${r.primaryMs.toFixed(3)}, replica ${r.replicaMs.toFixed(3)} ms`,
        'figure',
        null,
      );
      record(section, `primary's CPU a read by round, ${label}`, `${r.primaryEach} ms`, 'figure', null);
      record(section, `answers other than 200, ${label}`, String(r.other), '0', r.other === 0);
    }
    const without = of('primary only');
    const withReplica = of('with the replica');
    record(
      section,
      "primary's CPU a second with no load, by round",
      `${idle.map((ms) => ms.toFixed(1)).join(', ')} ms`,
      'figure',
      null,
    );
    // Each round's two sides ran back to back on the same machine; the median of their cuts.
    const cuts = (runs['with the replica'] ?? []).map(
      (r, i) => 1 - r.postgresMs / (runs['primary only']?.[i]?.postgresMs ?? Infinity),
    );
    const cut = median(cuts);
    record(
      section,
      "primary's CPU a catalog read, replica on",
      `${withReplica.primaryMs.toFixed(3)} against ${without.primaryMs.toFixed(3)} ms: down ${(cut * 100).toFixed(1)} % (by round ${cuts.map((c) => (c * 100).toFixed(1)).join(', ')} %)`,
      `down >= ${TARGET_CUT * 100} %`,
      cut >= TARGET_CUT,
    );
    record(section, 'load average at the end', loadNow(), 'figure', null);
  } finally {
    await Promise.all(started.map((shop) => shop.stop()));
    replica.stop();
  }
}
