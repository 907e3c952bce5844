import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, PoolStats } from '../db/client.ts';
import { outboxBacklog } from '../domain/emails/outbox.repo.ts';
import { shopCounterRegistry } from '../lib/shop-counters.ts';
import { countWorkers } from './worker-heartbeat.ts';

/** The process's own metrics (CPU, memory, event loop, handles), collected once per process. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type Metrics = {
  /** The Prometheus text exposition of every metric this process keeps. */
  render: () => Promise<{ contentType: string; body: string }>;
};

/** Request durations by route and status, pool and outbox backlog at scrape time, shop and process counters. */
export function installMetrics(app: FastifyInstance, db: Db, poolStats?: () => PoolStats): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, from arrival to the last byte sent.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  if (poolStats) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, requests waiting for one, and the maximum.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
      },
    });
  }
  new Gauge({
    name: 'shop_outbox_emails',
    help: 'Unsent emails in the outbox: all of them, and those that failed at least once.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      // A scrape while the database is away still answers, without these two series.
      const backlog = await outboxBacklog(db).catch(() => undefined);
      if (!backlog) return this.reset();
      this.set({ state: 'pending' }, backlog.pending);
      this.set({ state: 'failing' }, backlog.failing);
    },
  });

  new Gauge({
    name: 'shop_workers',
    help: 'Worker processes (SHOP_ROLE worker or all) seen in the last minute, on every machine.',
    registers: [registry],
    async collect() {
      const workers = await countWorkers(db).catch(() => undefined);
      if (workers === undefined) return this.reset();
      this.set(workers);
    },
  });

  return {
    render: async () => {
      const merged = Registry.merge([registry, shopCounterRegistry, processMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
