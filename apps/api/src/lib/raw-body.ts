import type { FastifyInstance, FastifyRequest } from 'fastify';

const raw = new WeakMap<FastifyRequest, Buffer>();

/**
 * JSON bodies in this plugin are parsed as everywhere else, and their bytes kept: a signed request's Content-Digest
 * covers the bytes, not the parsed object.
 */
export function keepRawJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    raw.set(request, bytes);
    void parseJson(request, bytes.toString('utf8'), done);
  });
}

/** The bytes of the request's JSON body, or null when it had none (or the plugin does not keep them). */
export function rawBodyOf(request: FastifyRequest): Buffer | null {
  return raw.get(request) ?? null;
}
