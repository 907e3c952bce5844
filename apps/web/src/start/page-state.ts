import type { DehydratedState } from '@tanstack/react-query';
import { PAGE_STATE_ID } from '@parts-shop/shared/first-reads';

const isQuery = (query: unknown) =>
  typeof query === 'object' &&
  query !== null &&
  'state' in query &&
  typeof query.state === 'object' &&
  query.state !== null;

/**
 * The answers a server-rendered page was drawn from (apps/api/src/pages/page-bodies.ts), or null where the page has
 * none or they do not parse as such: the app then draws the page itself rather than failing to start.
 */
export function readPageState(): DehydratedState | null {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<DehydratedState> | null;
    if (!state || !Array.isArray(state.queries) || !(state.queries as unknown[]).every(isQuery)) return null;
    return { mutations: [], ...state, queries: state.queries };
  } catch {
    return null;
  }
}
