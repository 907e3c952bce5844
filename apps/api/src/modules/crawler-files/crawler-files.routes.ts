import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '#api/deps.ts';
import { notFound } from '#api/lib/http-error.ts';
import { briefCache } from './brief-cache.ts';
import {
  partSitemapPage,
  partSitemapPages,
  publishedBuildPages,
  shownCompletedBuildPages,
} from './crawler-files.repo.ts';
import { llmsTxt } from './llms-txt.ts';
import { robotsTxt } from './robots-txt.ts';
import { BUILDS_PER_SITEMAP, PARTS_PER_SITEMAP, sitemapIndexXml, urlSetXml } from './sitemap.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export const PUBLIC_PAGES = [
  '/',
  '/allparts',
  '/allreviews',
  '/blogs',
  '/portfolio',
  '/builds',
  '/completed-builds',
] as const;

const CACHE_SECONDS = 60;

/** robots.txt, sitemaps and llms.txt: cached a minute, in-process until the catalog changes. */
export const crawlerFilesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { publicReads: db, config } = deps;
  const origin = siteOrigin(config);
  const cache = briefCache(CACHE_SECONDS * 1000);
  const cached = cache.read;
  const stopListening = deps.changes.subscribe(cache.forgetAll);
  app.addHook('onClose', async () => stopListening());
  const hidden = { hide: true } as const;

  const send =
    (type: string) => (reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown }) => {
      reply.header('Cache-Control', `public, max-age=${CACHE_SECONDS}`);
      reply.type(type);
    };

  app.get('/robots.txt', { schema: hidden }, async (_request, reply) => {
    send('text/plain; charset=utf-8')(reply);
    return robotsTxt(origin, config.API_BASE_PATH);
  });

  app.get('/llms.txt', { schema: hidden }, async (_request, reply) => {
    send('text/markdown; charset=utf-8')(reply);
    return cached('llms.txt', () => llmsTxt(db, origin, config.API_BASE_PATH));
  });

  // Where each part sitemap starts: the one scan, shared by the index and every file.
  const sitemapPages = () => cached('sitemap pages', () => partSitemapPages(db, PARTS_PER_SITEMAP));

  app.get('/sitemap.xml', { schema: hidden }, async (_request, reply) => {
    send('application/xml; charset=utf-8')(reply);
    return cached('sitemap.xml', async () => {
      const pages = await sitemapPages();
      return sitemapIndexXml([
        { loc: `${origin}/sitemaps/pages.xml` },
        { loc: `${origin}/sitemaps/builds.xml` },
        { loc: `${origin}/sitemaps/completed-builds.xml` },
        ...pages.map(({ page, lastmod }) => ({ loc: `${origin}/sitemaps/parts-${page}.xml`, lastmod })),
      ]);
    });
  });

  app.get('/sitemaps/pages.xml', { schema: hidden }, async (_request, reply) => {
    send('application/xml; charset=utf-8')(reply);
    return urlSetXml(PUBLIC_PAGES.map((page) => ({ loc: `${origin}${page}` })));
  });

  // A build leaves this file (and the cache, through the change feed) when it is unpublished.
  app.get('/sitemaps/builds.xml', { schema: hidden }, async (_request, reply) => {
    send('application/xml; charset=utf-8')(reply);
    return cached('builds.xml', async () => {
      const pages = await publishedBuildPages(db, BUILDS_PER_SITEMAP);
      return urlSetXml(pages.map(({ id, lastmod }) => ({ loc: `${origin}/builds/${id}`, lastmod })));
    });
  });

  // Read each time: the owner's Hide must take a build out of the file at once, and nothing feeds this cache's reset.
  app.get('/sitemaps/completed-builds.xml', { schema: hidden }, async (_request, reply) => {
    send('application/xml; charset=utf-8')(reply);
    const pages = await shownCompletedBuildPages(db, BUILDS_PER_SITEMAP);
    return urlSetXml(pages.map(({ id, lastmod }) => ({ loc: `${origin}/completed-builds/${id}`, lastmod })));
  });

  // Any other name is simply not a file here: 404, as for a missing static file.
  const partsFile = /^parts-([1-9]\d{0,5})\.xml$/;
  app.get(
    '/sitemaps/:file',
    { schema: { ...hidden, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const page = Number(partsFile.exec(request.params.file)?.[1] ?? 0);
      // A file past the end is known from the pages already listed, without reading the parts.
      const pages = page ? await sitemapPages() : [];
      const start = pages[page - 1];
      if (!start) throw notFound(apiMessages.sitemapNotFound);
      const xml = await cached(`parts-${page}`, async () => {
        const range = { from: start.firstId, before: pages[page]?.firstId };
        const parts = await partSitemapPage(db, range, PARTS_PER_SITEMAP);
        return urlSetXml(parts.map(({ id, lastmod }) => ({ loc: `${origin}/parts/${id}`, lastmod })));
      });
      send('application/xml; charset=utf-8')(reply);
      return xml;
    },
  );
};
