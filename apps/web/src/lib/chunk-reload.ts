/**
 * After a new deploy the old build's chunks are gone, and a page opened before it fails to load the next screen's
 * code.
 */
const RELOADED_AT = 'parts-shop:chunk-reload-at';

/**
 * How long a reload counts as "just done": a failure this soon after one is not a stale build but a chunk that really
 * does not load (offline, say), and reloading again would loop.
 */
export const RELOAD_GUARD_MS = 5 * 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch module/i.test(
    error.message,
  );
}

type Environment = { storage: Pick<Storage, 'getItem' | 'setItem'>; reload: () => void; now: () => number };

export function reloadPage(): void {
  window.location.reload();
}

const browser: Environment = {
  storage: {
    getItem: (key) => window.sessionStorage.getItem(key),
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
  },
  reload: reloadPage,
  now: () => Date.now(),
};

export function reloadOnce(env: Environment = browser): boolean {
  let last = Number.NaN;
  try {
    last = Number(env.storage.getItem(RELOADED_AT));
    env.storage.setItem(RELOADED_AT, String(env.now()));
  } catch {
    // Storage refused (a privacy mode): without the guard a reload could loop, so do not reload.
    return false;
  }
  if (Number.isFinite(last) && last > 0 && env.now() - last < RELOAD_GUARD_MS) return false;
  env.reload();
  return true;
}

/**
 * Loads a screen's code; when that fails because the build changed, reloads the page once (the returned promise then
 * never settles: the page is going away).
 */
export async function loadChunk<T>(load: () => Promise<T>, env: Environment = browser): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnce(env)) return new Promise<T>(() => undefined);
    throw error;
  }
}
