import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FIRST_READS } from '@parts-shop/shared/first-reads';
import { withPageHead, type PageHead } from './page-head.ts';
import { pageReads, type PageReads } from './page-reads.ts';
import { primaryPinCookie } from './primary-pin.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** The head (and status) of a public page by its path, or null for a page without its own. */
export type PublicPageHeads = (path: string, reads: PageReads) => Promise<{ head: PageHead; status: number } | null>;

export type PageBodies = {
  knows: (path: string) => boolean;
  /** index.html with the page's content rendered into it from `reads`, or null where it cannot be. */
  render: (template: string, url: string, reads: PageReads) => Promise<string | null>;
};

/** index.html with a preload of each API read the page starts with (FIRST_READS). */
function withFirstReads(html: string, reads: readonly string[], apiBase: string): string {
  const links = reads.map((read) => `<link rel="preload" as="fetch" crossorigin href="${apiBase}${read}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}

/** Hashed assets cached a year, index.html for other GETs; public pages prefetch their reads. */
export async function installSpa(
  app: FastifyInstance,
  webDist: string | undefined,
  apiBase: string,
  publicPageHeads?: PublicPageHeads,
  pageBodies?: PageBodies | null,
): Promise<void> {
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
  const template = hasSpa ? fs.readFileSync(indexFile, 'utf8') : '';
  const pages = new Map(
    Object.entries(FIRST_READS).map(([page, reads]) => [page, withFirstReads(template, reads, apiBase)]),
  );
  const notFound = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send({ message: apiMessages.notFound });
  // Every other GET is a page: a route of its own, so the hooks that ride on routes (the
  // compression in app.ts) serve pages too. Other methods end up at the not-found answer.
  if (hasSpa) {
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      // Well-known URIs are files machines probe for (an agent catalog, say); the shop's page
      // in their place would read as a broken file of that kind instead of an absent one.
      const isApi = request.url === apiBase || request.url.startsWith(`${apiBase}/`);
      if (isApi || request.url.startsWith('/.well-known/')) return notFound(request, reply);
      const path = request.url.split(/[?#]/, 1)[0] ?? '';
      // An address no screen answers is a real 404, drawn as the app's not-found page.
      const known = pageBodies?.knows(path) ?? true;
      // One set of reads for the head and the body: both show the catalog as one read found it.
      const reads = pageReads(app, primaryPinCookie(request.headers.cookie));
      const own = known && publicPageHeads ? await publicPageHeads(path, reads) : null;
      // Where server rendering fails, the browser draws the page from its preloaded reads.
      const rendered =
        (own || !known) && pageBodies
          ? await pageBodies.render(template, request.url, reads).catch((error: unknown) => {
              request.log.error({ err: error, url: request.url }, 'server rendering failed');
              return null;
            })
          : null;
      const page = rendered ?? pages.get(path) ?? template;
      // A page of its own is drawn signed out from anonymous reads: the same for every visitor (lib/edge-cache.ts).
      request.sharedPage = own?.status === 200;
      return reply
        .code(known ? (own?.status ?? 200) : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(own ? withPageHead(page, own.head) : page);
    });
  }
  app.setNotFoundHandler(notFound);
}
