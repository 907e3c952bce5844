import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every other
 * GET that is not an API path, so client-side routes work on reload.
 */
export async function installSpa(app: FastifyInstance, webDist: string | undefined, apiBase: string): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasSpa && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text asset (apps/web/vite.config.ts);
      // browsers that accept them get those, the rest the plain file.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === apiBase || request.url.startsWith(`${apiBase}/`);
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
