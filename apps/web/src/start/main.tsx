// First, before any schema is built.
import '../lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { hydrate } from '@tanstack/react-query';
import { replayEarlyClick } from './early-clicks.ts';
import { replayEarlyInput } from './early-input.ts';
import { readPageState } from './page-state.ts';
import { queryClient } from '../lib/query-client.ts';

/**
 * Hands the main thread back to the browser until its next task. The app's code runs in stages
 * with one of these after each, so no stage holds a tap or a scroll for long: running it all at
 * once was one task of about 65 ms here, 260 ms on Lighthouse's slow phone (Total Blocking Time,
 * docs/performance.md). A stage runs the modules it brings that have not run yet.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** One stage: the modules `load` brings, then a task boundary. */
async function stage<T>(load: () => Promise<T>): Promise<T> {
  const modules = await load();
  await nextTask();
  return modules;
}

// The first stage is this module's own imports: zod, React and TanStack Query.
await nextTask();
const { createRoot, hydrateRoot } = await stage(() => import('react-dom/client'));
// The screens last. The shared schemas they import cost nothing here: each is built on its first
// use (packages/shared/src/lazy-schema.ts), and adopting a page the server drew parses nothing.
// (Awaited here rather than through stage(), so the unused-code check sees what they export.)
const [{ App }, { createRouter, loadMatchedRoutes }] = await Promise.all([
  import('../app/app.tsx'),
  import('../app/router.tsx'),
]);
await nextTask();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A public page the server rendered (apps/web/src/entry-server.tsx) comes with the answers it
// was drawn from: the app starts from them and React adopts the HTML instead of redrawing it.
const state = readPageState();
if (state && root.firstElementChild) {
  // Each answer is dated by the server's clock when it was read. How long it stays fresh is
  // counted by this browser's clock, so a server clock running ahead must not make it look
  // newer than this navigation: it was read no earlier than the navigation began, unless the
  // page came from the history's cache, when the server's older date stands.
  for (const query of state.queries) {
    query.state.dataUpdatedAt = Math.min(query.state.dataUpdatedAt, Math.floor(performance.timeOrigin));
  }
  hydrate(queryClient, state);
  await loadMatchedRoutes(window.location.pathname);
  // As a transition, React adopts the page in slices of a few milliseconds, yielding to the
  // browser between them, instead of one task for the whole page (Total Blocking Time,
  // docs/performance.md); a tap on a part not adopted yet has that part adopted first.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createRouter(true)} />
      </StrictMode>,
    );
  });
  replayEarlyInput(root);
  replayEarlyClick();
} else {
  // Likewise, the first render of a page the server did not draw.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={createRouter()} />
      </StrictMode>,
    );
  });
}

// From here on a click or a keystroke reaches the app, which adopts the part of the page it
// lands on first; the browser tests wait for this mark before they use a page.
document.documentElement.dataset.appReady = '';

// WebMCP: where the browser lets an assistant use the page, the shop offers its read-only
// tools. Loaded only then, so no other visitor downloads it (the first-visit budget holds).
const modelContext = document.modelContext;
if (modelContext) {
  import('../lib/webmcp/register-shop-tools.ts')
    .then(({ registerShopTools }) => registerShopTools(modelContext))
    // Without its tools the page is still the whole shop; the assistant just cannot use it.
    .catch((error: unknown) => console.warn('WebMCP tools not registered', error));
}
