import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PAGE_STATE_ID } from '@parts-shop/shared/first-reads';
import { scriptSafeJson } from '../lib/page-head.ts';
import type { PageBodies } from '../lib/spa.ts';

/** What the web app's server-rendering bundle (apps/web/src/entry-server.tsx) offers. */
type ServerRenderer = {
  setApiTransport: (transport: typeof fetch) => void;
  renderPage: (url: URL) => Promise<{ html: string; state: unknown; status: number } | null>;
  isKnownPath: (pathname: string) => boolean;
};

/**
 * Loads the server-rendering bundle the web build writes beside its output (`dist-ssr/`), or
 * answers null where there is none (the API alone, or a web build without it): the pages are
 * then drawn by the browser alone. The bundle reads the API in-process through
 * `app.inject`: the same routes, validation and cache as a browser's request, with no socket.
 */
export async function loadPageBodies(app: FastifyInstance, webDist: string | undefined): Promise<PageBodies | null> {
  const bundle = webDist ? path.join(webDist, '..', 'dist-ssr', 'entry-server.js') : undefined;
  if (!bundle || !fs.existsSync(bundle)) return null;
  const renderer = (await import(pathToFileURL(bundle).href)) as ServerRenderer;
  renderer.setApiTransport(async (input, init) => {
    if (init?.method && init.method !== 'GET') throw new Error('A server-rendered page only reads');
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const response = await app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { accept: 'application/json' },
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    });
  });

  return {
    knows: (pathname) => renderer.isKnownPath(pathname),
    render: async (template, url) => {
      const page = await renderer.renderPage(new URL(url, 'http://localhost'));
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
