import type { FastifyInstance } from 'fastify';
import type { Config } from '#api/config/env.ts';
import { HttpError } from '#api/lib/http-error.ts';

/** web runs no background loop (background-work.ts); worker and all run every one. */
export function runsBackgroundWork(config: Pick<Config, 'SHOP_ROLE'>): boolean {
  return config.SHOP_ROLE !== 'web';
}

/** A worker process answers its health, readiness and metrics; every other path is a 404, so a stray route to it serves nothing. */
export function answerOnlyOperations(app: FastifyInstance, base: string): void {
  const open = new Set([`${base}/health`, `${base}/ready`, `${base}/metrics`]);
  app.addHook('onRequest', async (request) => {
    const at = request.url.indexOf('?');
    if (!open.has(at < 0 ? request.url : request.url.slice(0, at))) {
      throw new HttpError(404, 'Not found: this is a worker process; it answers health, readiness and metrics only');
    }
  });
}
