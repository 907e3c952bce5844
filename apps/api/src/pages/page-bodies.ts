import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PAGE_STATE_ID } from '@parts-shop/shared/first-reads';
import { scriptSafeJson } from '../lib/page-head.ts';
import { pageReads, type PageReads } from '../lib/page-reads.ts';
import type { PageBodies } from '../lib/spa.ts';

/** What the web app's server-rendering bundle (apps/web/src/entry-server.tsx) offers. */
type ServerRenderer = {
  setApiTransport: (transport: typeof fetch) => void;
  renderPage: (url: URL) => Promise<{ html: string; state: unknown; status: number } | null>;
  isKnownPath: (pathname: string) => boolean;
};

/** The web build's `dist-ssr/` bundle, or null (the browser draws the pages alone). */
export async function loadPageBodies(app: FastifyInstance, webDist: string | undefined): Promise<PageBodies | null> {
  const bundle = webDist ? path.join(webDist, '..', 'dist-ssr', 'entry-server.js') : undefined;
  if (!bundle || !fs.existsSync(bundle)) return null;
  const renderer = (await import(pathToFileURL(bundle).href)) as ServerRenderer;
  // The transport is the bundle's, one for every page; each render finds its page's reads here.
  const drawing = new AsyncLocalStorage<PageReads>();
  renderer.setApiTransport(async (input, init) => {
    if (init?.method && init.method !== 'GET') throw new Error('A server-rendered page only reads');
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const reads = drawing.getStore() ?? pageReads(app);
    return reads(url.pathname + url.search);
  });

  return {
    knows: (pathname) => renderer.isKnownPath(pathname),
    render: async (template, url, reads) => {
      const page = await drawing.run(reads, () => renderer.renderPage(new URL(url, 'http://localhost')));
      if (!page) return null;
      // A function, not a string: in a replacement string `$'`, `$&` and the like are patterns,
      // and a review holding one would splice the rest of the document into the page.
      return template.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div>` +
          `<script type="application/json" id="${PAGE_STATE_ID}">${scriptSafeJson(page.state)}</script>`,
      );
    },
  };
}
