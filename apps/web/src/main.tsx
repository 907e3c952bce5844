// First, before any module parses with zod.
import './lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import 'react-toastify/ReactToastify.css';
import './index.css';
import { App } from './app/app.tsx';
import { createRouter, loadMatchedRoutes } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { PAGE_STATE_ID } from '@parts-shop/shared/first-reads';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A public page the server rendered (apps/web/src/entry-server.tsx) comes with the answers it
// was drawn from: the app starts from them and React adopts the HTML instead of redrawing it.
const pageState = document.getElementById(PAGE_STATE_ID)?.textContent;
if (pageState && root.firstElementChild) {
  const state = JSON.parse(pageState) as DehydratedState;
  // Each answer is dated by the server's clock when it was read. How long it stays fresh is
  // counted by this browser's clock, so a server clock running ahead must not make it look
  // newer than this navigation: it was read no earlier than the navigation began, unless the
  // page came from the history's cache, when the server's older date stands.
  for (const query of state.queries) {
    query.state.dataUpdatedAt = Math.min(query.state.dataUpdatedAt, Math.floor(performance.timeOrigin));
  }
  hydrate(queryClient, state);
  await loadMatchedRoutes(window.location.pathname);
  hydrateRoot(
    root,
    <StrictMode>
      <App router={createRouter()} />
    </StrictMode>,
  );
} else {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built (Total Blocking Time, docs/performance.md).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={createRouter()} />
      </StrictMode>,
    );
  });
}

// WebMCP: where the browser lets an assistant use the page, the shop offers its read-only
// tools. Loaded only then, so no other visitor downloads it (the first-visit budget holds).
const modelContext = document.modelContext;
if (modelContext) {
  import('./lib/webmcp/register-shop-tools.ts')
    .then(({ registerShopTools }) => registerShopTools(modelContext))
    // Without its tools the page is still the whole shop; the assistant just cannot use it.
    .catch((error: unknown) => console.warn('WebMCP tools not registered', error));
}
