import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, loadChunk, RELOAD_GUARD_MS } from './chunk-reload.ts';

/** A tab: its sessionStorage, its clock and its reload button. */
function tab(start = 1_000_000) {
  const stored = new Map<string, string>();
  let now = start;
  return {
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, v: string) => stored.set(key, v),
    },
    reload: vi.fn(),
    now: () => now,
    advance: (ms: number) => (now += ms),
  };
}

const stale = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/blogs-old.js'));

/** Settles within a tick, or not at all (the page is reloading). */
async function outcome(promise: Promise<unknown>) {
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
  ]);
}

describe('loadChunk', () => {
  it('hands over the module when it loads', async () => {
    const env = tab();
    await expect(loadChunk(() => Promise.resolve({ Component: 'screen' }), env)).resolves.toEqual({
      Component: 'screen',
    });
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a chunk of an old build is gone, and waits for the reload', async () => {
    const env = tab();
    expect(await outcome(loadChunk(stale, env))).toBe('pending');
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again when the chunk still fails right after the reload: the error goes on to the screen', async () => {
    const env = tab();
    await outcome(loadChunk(stale, env));
    env.advance(3_000);
    const second = (await outcome(loadChunk(stale, env))) as { error?: unknown };
    expect(second.error).toBeInstanceOf(TypeError);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy, long after the last reload', async () => {
    const env = tab();
    await outcome(loadChunk(stale, env));
    env.advance(RELOAD_GUARD_MS + 1);
    expect(await outcome(loadChunk(stale, env))).toBe('pending');
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for other failures, nor without storage to guard the loop', async () => {
    const env = tab();
    const broken = new Error('Cannot read properties of undefined');
    expect(await outcome(loadChunk(() => Promise.reject(broken), env))).toEqual({ error: broken });
    const noStorage = {
      ...tab(),
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => undefined,
      },
    };
    const refused = (await outcome(loadChunk(stale, noStorage))) as { error?: unknown };
    expect(refused.error).toBeInstanceOf(TypeError);
    expect(env.reload).not.toHaveBeenCalled();
    expect(noStorage.reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://shop/assets/a.js',
    'error loading dynamically imported module: https://shop/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('knows %j', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('does not take a bug for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('x is not a function'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
