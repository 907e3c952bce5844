import { useSyncExternalStore } from 'react';

export const COMPARE_MAX = 4;
const KEY = 'compare-parts';
const listeners = new Set<() => void>();
const NONE: readonly string[] = [];
let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: NONE };

function read(): readonly string[] {
  const text = localStorage.getItem(KEY);
  if (text !== cached.text) {
    let ids: unknown = [];
    try {
      ids = JSON.parse(text ?? '[]');
    } catch {
      ids = [];
    }
    cached = {
      text,
      ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').slice(0, COMPARE_MAX) : NONE,
    };
  }
  return cached.ids;
}

function write(ids: readonly string[]) {
  localStorage.setItem(KEY, JSON.stringify(ids));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function compareHref(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}

export function idsOf(params: URLSearchParams): string[] {
  const ids = (params.get('ids') ?? '').split(',').filter((id) => id.trim() !== '');
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

export function useCompareList() {
  const ids = useSyncExternalStore(subscribe, read, () => NONE);
  return {
    ids,
    has: (id: string) => ids.includes(id),
    full: ids.length >= COMPARE_MAX,
    toggle: (id: string) => write(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(0, COMPARE_MAX)),
    clear: () => write([]),
  };
}
