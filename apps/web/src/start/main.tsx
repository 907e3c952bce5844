// First, before any schema is built.
import '../lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { hydrate } from '@tanstack/react-query';
import { replayEarlyClick } from './early-clicks.ts';
import { replayEarlyInput } from './early-input.ts';
import { readPageState } from './page-state.ts';
import { queryClient } from '../lib/query-client.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function stage<T>(load: () => Promise<T>): Promise<T> {
  const modules = await load();
  await nextTask();
  return modules;
}

await nextTask();
const { createRoot, hydrateRoot } = await stage(() => import('react-dom/client'));
const [{ App }, { createRouter, loadMatchedRoutes }] = await Promise.all([
  import('../app/app.tsx'),
  import('../app/router.tsx'),
]);
await nextTask();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A public page the server rendered (apps/web/src/entry-server.tsx) comes with the answers it was drawn from: the app
// starts from them and React adopts the HTML instead of redrawing it.
const state = readPageState();
if (state && root.firstElementChild) {
  // Each answer is dated by the server's clock when it was read.
  for (const query of state.queries) {
    query.state.dataUpdatedAt = Math.min(query.state.dataUpdatedAt, Math.floor(performance.timeOrigin));
  }
  hydrate(queryClient, state);
  await loadMatchedRoutes(window.location.pathname);
  // As a transition, React adopts the page in slices of a few milliseconds, yielding to the browser between them,
  // instead of one task for the whole page (Total Blocking Time, docs/performance.md); a tap on a part not adopted
  // yet has that part adopted first.
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
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={createRouter()} />
      </StrictMode>,
    );
  });
}

// From here on a click or a keystroke reaches the app, which adopts the part of the page it lands on first; the
// browser tests wait for this mark before they use a page.
document.documentElement.dataset.appReady = '';

const modelContext = document.modelContext;
if (modelContext) {
  import('../lib/webmcp/register-shop-tools.ts')
    .then(({ registerShopTools }) => registerShopTools(modelContext))
    // Without its tools the page is still the whole shop; the assistant just cannot use it.
    .catch((error: unknown) => console.warn('WebMCP tools not registered', error));
}
