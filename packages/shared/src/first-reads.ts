import { HOME_LIST_SIZE, PARTS_PAGE_SIZE, REVIEWS_PAGE_SIZE } from './constants.ts';

/** A page of a newest-first list as the web app asks for it (GET /parts, GET /reviews). */
export function listPath(list: 'parts' | 'reviews', limit: number, cursor: string | null = null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `/${list}?${params.toString()}`;
}

const home = [listPath('parts', HOME_LIST_SIZE), listPath('reviews', HOME_LIST_SIZE)];

/**
 * The API reads each public page starts with (paths under the API base). The server names
 * them in the page's HTML so the browser fetches them while the app's script is still on its
 * way, and the app's own request for the same URL takes the answer (docs/performance.md).
 */
export const FIRST_READS: Readonly<Record<string, readonly string[]>> = {
  '/': home,
  '/home': home,
  '/allparts': [listPath('parts', PARTS_PAGE_SIZE)],
  '/allreviews': [listPath('reviews', REVIEWS_PAGE_SIZE)],
};

/**
 * The element that carries a server-rendered page's answers to the browser: a
 * `<script type="application/json">` (data, never run, so the Content-Security-Policy's ban on
 * inline scripts holds), written by the API and read once by apps/web/src/start/main.tsx.
 */
export const PAGE_STATE_ID = 'page-state';
