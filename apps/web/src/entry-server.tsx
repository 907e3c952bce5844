// First, before any module parses with zod.
import './lib/zod-config.ts';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { AppProvider } from './app/provider.tsx';
import { isKnownPath, routes } from './app/router.tsx';
import type { PageHandle } from './lib/page-prefetch.ts';

/**
 * The server's side of the public pages: the API process loads this bundle (built by `vite build --ssr`, see
 * apps/web/package.json) and renders a page's route components into the HTML it sends, so crawlers, assistants and
 * slow phones read names, prices and reviews before any script runs.
 */

export { setApiTransport } from './lib/api-client.ts';
export { isKnownPath };

export type RenderedPage = {
  html: string;
  state: unknown;
  status: number;
};

/**
 * Renders the page at `url`; null when the route redirects (the browser handles that itself) or says nothing of what
 * it reads (no `handle.prefetch`), which the browser then draws alone.
 */
export async function renderPage(url: URL): Promise<RenderedPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const prefetches = context.matches.flatMap((match) => (match.route.handle as PageHandle | undefined)?.prefetch ?? []);
  const known = isKnownPath(url.pathname);
  if (prefetches.length === 0 && known) return null;
  // A cache for this page alone: nothing one visitor's page read reaches another's.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // A read that fails stays out of the page, whose loading state the browser then fills in.
  await Promise.all(prefetches.map((prefetch) => prefetch(client, url).catch(() => undefined)));
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProvider client={client}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  return { html, state: dehydrate(client), status: known ? context.statusCode : 404 };
}
