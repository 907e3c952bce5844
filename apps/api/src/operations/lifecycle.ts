import type { FastifyInstance } from 'fastify';

/** Whether the process has been asked to stop; readiness answers 503 from that moment on. */
export type Lifecycle = { readonly shuttingDown: boolean; beginShutdown: () => void };

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}

/**
 * Once stopping, every answer says `Connection: close`: a keep-alive client opens its next
 * request on a new connection (which the load balancer sends to another process) instead
 * of reusing one that the close would cut under it.
 */
export function closeConnectionsWhileStopping(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
  });
}
