import type { FastifyInstance } from 'fastify';
import { primaryPin } from '../db/replica.ts';

/**
 * Read-your-writes with a read replica (docs/deploy.md#read-replicas): a successful write sets a cookie that pins
 * the browser's next reads to the primary for `pinMs`, the most the replica may lag before it is not read at all.
 * The cookie goes with the person's session wherever the load balancer sends them, on any process; it decides
 * only where that person's reads run, so a forged one costs the primary no more than no replica would.
 */
const COOKIE = 'shop_read_primary_until';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function pinnedUntil(cookieHeader: string | undefined): number {
  const match = cookieHeader && new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d+)`).exec(cookieHeader);
  return match ? Number(match[1]) : 0;
}

/** The pin alone of a visitor's cookies, for the reads a page makes on their behalf (lib/page-reads.ts). */
export function primaryPinCookie(cookieHeader: string | undefined): string | undefined {
  const until = pinnedUntil(cookieHeader);
  return until > Date.now() ? `${COOKIE}=${until}` : undefined;
}

export function installPrimaryPin(app: FastifyInstance, { pinMs, secure }: { pinMs: number; secure: boolean }): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Decided by the request alone: a keep-alive connection may carry the last request's context.
    primaryPin.run(pinnedUntil(request.headers.cookie) > Date.now(), done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    const until = Date.now() + pinMs;
    const attributes = `Max-Age=${Math.ceil(pinMs / 1000)}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    reply.header('set-cookie', `${COOKIE}=${until}; ${attributes}`);
    return payload;
  });
}
