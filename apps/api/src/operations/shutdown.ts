import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.ts';

export type ShutdownOptions = {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  closeDatabase: () => Promise<void>;
  drainMs: number;
  graceMs: number;
};

/**
 * SIGTERM (a deploy, a load balancer's restart): readiness turns 503 at once, the process
 * keeps serving for `drainMs` so the balancer stops sending, then stops accepting, finishes
 * the requests in flight (Fastify's close; its onClose hooks stop the mail worker and the
 * unpaid-order sweep between items), closes the database and exits 0. Whatever is still
 * running at `graceMs` is abandoned with exit 1. SIGINT (Ctrl+C at a terminal) skips the
 * drain: no balancer is waiting.
 */
export function stopOnSignals({ app, lifecycle, closeDatabase, drainMs, graceMs }: ShutdownOptions): void {
  const stop = async (signal: NodeJS.Signals) => {
    if (lifecycle.shuttingDown) return;
    lifecycle.beginShutdown();
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ graceMs }, 'still busy at the end of the grace period; exiting');
      process.exit(1);
    }, graceMs);
    if (signal === 'SIGTERM') await new Promise((resolve) => setTimeout(resolve, Math.min(drainMs, graceMs)));
    await app.close();
    await closeDatabase();
    process.exit(0);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop(signal).catch((error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
