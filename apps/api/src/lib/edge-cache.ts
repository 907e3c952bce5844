import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What a CDN or nginx's proxy_cache in front of the shop may keep (docs/deploy.md#a-cache-in-front). An anonymous GET
 * of a public page or catalog read answers `public, s-maxage`, `stale-while-revalidate`, a strong ETag and 304 on a
 * match; asked with credentials, it is `private, no-store`, since the answer may be that person's (an admin's part
 * read shows its low-stock line). A shared copy is stale for at most `sMaxAgeSeconds` (plus one answer while the
 * cache refreshes), and an order re-prices and re-checks stock in the database whatever the page said.
 */
export type EdgeCacheOptions = {
  /** 0 turns shared caching off: pages go out `no-cache`, as without a cache in front. */
  sMaxAgeSeconds: number;
  staleSeconds: number;
  /** The API routes (by pattern) whose anonymous GET is the same for everyone. */
  routes: string[];
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler whose answer is the same for every anonymous visitor (the public pages). */
    sharedPage?: boolean;
  }
}

/** Whether the request carries anything that could make the answer someone's own. */
export function hasCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.headers.cookie !== undefined;
}

/** Whether an If-None-Match header names this ETag (or any). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const value = part.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });
}

function addVary(reply: FastifyReply, names: string): void {
  const current = reply.getHeader('vary');
  reply.header('vary', typeof current === 'string' && current ? `${current}, ${names}` : names);
}

/** After the security headers and the read cache, before the compression: the ETag is the plain body's. */
export function installEdgeCache(app: FastifyInstance, { sMaxAgeSeconds, staleSeconds, routes }: EdgeCacheOptions) {
  const shareable = new Set(routes);
  const publicValue = `public, max-age=0, s-maxage=${sMaxAgeSeconds}, stale-while-revalidate=${staleSeconds}`;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (!request.sharedPage && !shareable.has(request.routeOptions.url ?? '')) return payload;
    if (hasCredentials(request)) {
      reply.header('cache-control', 'private, no-store');
      return payload;
    }
    // A 404 is shared like the page it replaces, so a deleted part's refresh is kept and shows as soon as a price
    // change; errors (a busy database's 503) never are.
    if (sMaxAgeSeconds === 0 || (reply.statusCode !== 200 && reply.statusCode !== 404)) {
      reply.header('cache-control', 'no-cache');
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('cache-control', publicValue).header('etag', etag);
    // A cache must not hand this anonymous copy to a request that carries credentials.
    addVary(reply, 'Authorization, Cookie');
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
