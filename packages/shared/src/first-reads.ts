import { HOME_LIST_SIZE, PARTS_PAGE_SIZE, REVIEWS_PAGE_SIZE } from './constants.ts';

/** A page of a newest-first list as the web app asks for it (GET /parts, GET /reviews). */
export function listPath(list: 'parts' | 'reviews', limit: number, cursor: string | null = null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `/${list}?${params.toString()}`;
}

const home = [listPath('parts', HOME_LIST_SIZE), listPath('reviews', HOME_LIST_SIZE)];

/**
 * The API reads each public page starts with: named in the HTML so the browser fetches them before the script runs.
 */
export const FIRST_READS: Readonly<Record<string, readonly string[]>> = {
  '/': home,
  '/home': home,
  '/allparts': [listPath('parts', PARTS_PAGE_SIZE)],
  '/allreviews': [listPath('reviews', REVIEWS_PAGE_SIZE)],
};

/** Carries a server-rendered page's answers as JSON data, never run, so the CSP's ban on inline scripts holds. */
export const PAGE_STATE_ID = 'page-state';
