// One rate-limited write in each store of the counts (memory, PostgreSQL, Redis), interleaved, medians of the rounds.
//   node --import tsx scripts/bench/rate-limits.mjs [--seconds=2] [--rounds=5] [--concurrency=16]
import { parseArgs } from 'node:util';
import { startPostgres } from '../lib/postgres.mjs';
import { startRedis } from '../lib/redis.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
  },
});
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const concurrency = Number(args.concurrency);

const { openDatabase } = await import('../../apps/api/src/db/client.ts');
const { memoryCounters, postgresCounters, redisCounters } = await import('../../apps/api/src/lib/rate-limit-store.ts');

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * @param {import('../../apps/api/src/lib/rate-limit-store.ts').RateLimitCounters} counters
 * @returns {Promise<{ perSecond: number, medianMs: number }>}
 */
async function measure(counters) {
  /** @type {number[]} */
  const latencies = [];
  let count = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, client) => {
      while (performance.now() < until) {
        const started = performance.now();
        await counters.incr(`10.0.${client}.1writes`, 60_000);
        latencies.push(performance.now() - started);
        count += 1;
      }
    }),
  );
  return { perSecond: count / seconds, medianMs: median(latencies) };
}

const postgres = await startPostgres();
const redis = await startRedis();
const database = await openDatabase({ url: postgres.url, dataDir: ':memory:', poolSize: 20 });
const stores = {
  memory: memoryCounters(),
  postgres: postgresCounters(database.db),
  redis: redisCounters(redis.url, { warn: () => undefined }),
};
try {
  await measure(stores.postgres);
  await measure(stores.redis);
  /** @type {Record<string, { perSecond: number, medianMs: number }[]>} */
  const results = Object.fromEntries(Object.keys(stores).map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, counters] of Object.entries(stores)) (results[name] ??= []).push(await measure(counters));
  }
  console.log(
    `rate-limit counts: ${concurrency} clients, ${rounds} rounds of ${seconds} s per store, medians (PostgreSQL: the main pool, 10 connections)`,
  );
  for (const [name, runs] of Object.entries(results)) {
    const perSecond = median(runs.map((r) => r.perSecond));
    const ms = median(runs.map((r) => r.medianMs));
    console.log(
      `  ${name.padEnd(9)} ${Math.round(perSecond).toLocaleString('en-US').padStart(9)} writes/s   ${ms.toFixed(3)} ms each`,
    );
  }
} finally {
  await Promise.all(Object.values(stores).map((s) => s.close()));
  await database.close();
  await redis.stop();
  postgres.stop();
}
