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

/** Once stopping, `Connection: close`, so keep-alive clients reconnect (to another process) rather than be cut. */
export function closeConnectionsWhileStopping(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
  });
}
