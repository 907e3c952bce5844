import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../db/change-feed.ts';

/**
 * A micro-cache of public catalog answers' bytes for `ttlMs`. Every write is announced before its answer leaves and
 * every process empties its cache (db/change-feed.ts); orders re-check stock in the database, so a stale list can
 * never sell what is gone. Requests with credentials bypass it.
 */
type PublicCacheOptions = {
  /** What empties the cache: every process's writes. */
  changes: ChangeFeed;
  ttlMs: number;
  routes: string[];
  /** Bounded by size: anyone can ask for endless distinct URLs. */
  maxChars?: number;
};

type Entry = { expires: number; payload: string; headers: Record<string, string> };

const KEPT_HEADERS = ['content-type', 'link', 'cache-control'];
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The cache generation a cacheable miss started in; its answer is kept only if unchanged. */
    publicCacheGeneration?: number;
    /** Where a cacheable miss's answer is kept. */
    publicCacheKey?: string;
  }
}

/** Announced before the answer leaves, so the writer's next read is fresh; a failure is only logged. */
export function announceWrites(app: FastifyInstance, changes: ChangeFeed): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    await changes.announce().catch((error: unknown) => request.log.error({ err: error }, 'announcing a change failed'));
    return payload;
  });
}

export function installPublicCache(
  app: FastifyInstance,
  { changes, ttlMs, routes, maxChars = 16 * 1024 * 1024 }: PublicCacheOptions,
): void {
  if (ttlMs <= 0) return;
  const cacheable = new Set(routes);
  const entries = new Map<string, Entry>();
  let chars = 0;
  const forget = (url: string, entry: Entry) => {
    entries.delete(url);
    chars -= entry.payload.length;
  };
  const forgetAll = () => {
    entries.clear();
    chars = 0;
  };
  /** Makes room for `size` more: first by dropping what has expired, else everything. */
  const makeRoom = (size: number) => {
    if (chars + size <= maxChars) return;
    const now = Date.now();
    for (const [url, entry] of entries) if (entry.expires <= now) forget(url, entry);
    if (chars + size > maxChars) forgetAll();
  };
  // Bumped by every change: a read that began before it must not store what it read.
  let generation = 0;
  const stopListening = changes.subscribe(() => {
    generation += 1;
    forgetAll();
  });
  app.addHook('onClose', async () => stopListening());

  /** The query in name order, and none for a route that reads no query, so asking differently still hits. */
  const keyOf = (request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    if (at < 0) return request.url;
    const path = request.url.slice(0, at);
    if (request.routeOptions.schema?.querystring === undefined) return path;
    const query = new URLSearchParams(request.url.slice(at + 1));
    query.sort();
    return `${path}?${query.toString()}`;
  };

  const isCacheable = (request: FastifyRequest) =>
    request.method === 'GET' &&
    cacheable.has(request.routeOptions.url ?? '') &&
    request.headers.authorization === undefined &&
    request.headers.cookie === undefined;

  app.addHook('onRequest', (request, reply, done) => {
    if (!isCacheable(request)) return done();
    const key = keyOf(request);
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      void reply.code(200).headers(hit.headers).send(hit.payload);
      return;
    }
    if (hit) forget(key, hit);
    request.publicCacheKey = key;
    request.publicCacheGeneration = generation;
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const { publicCacheKey: key, publicCacheGeneration: started } = request;
    if (key === undefined || started !== generation || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    if (payload.length > maxChars) return done(null, payload);
    makeRoom(payload.length);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    // Spread lifetimes, so entries filled together do not all miss in one burst.
    const lifetime = ttlMs * (0.75 + Math.random() * 0.25);
    const previous = entries.get(key);
    if (previous) forget(key, previous);
    entries.set(key, { expires: Date.now() + lifetime, payload, headers });
    chars += payload.length;
    done(null, payload);
  });
}
