import type { QueryClient } from '@tanstack/react-query';

/**
 * What a public page reads before the server renders it (apps/web/src/entry-server.tsx): the same query options its
 * components use, so the rendered HTML and the browser's first render agree and the browser does not ask again.
 */
export type PagePrefetch = (client: QueryClient, url: URL) => Promise<unknown>;

export type PageHandle = { prefetch?: PagePrefetch };
