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
 * SIGTERM: readiness turns 503, serving continues for `drainMs`, then requests finish, the database closes and the
 * process exits 0; at `graceMs` whatever runs is abandoned with exit 1.
 * SIGINT skips the drain: no balancer is waiting.
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
