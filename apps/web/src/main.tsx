// First, before any module parses with zod.
import './lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-toastify/ReactToastify.css';
import './index.css';
import { App } from './app/app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread until the whole page is built (Total Blocking Time, docs/performance.md).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// WebMCP: where the browser lets an assistant use the page, the shop offers its read-only
// tools. Loaded only then, so no other visitor downloads it (the first-visit budget holds).
const modelContext = document.modelContext;
if (modelContext) {
  import('./lib/webmcp/register-shop-tools.ts')
    .then(({ registerShopTools }) => registerShopTools(modelContext))
    // Without its tools the page is still the whole shop; the assistant just cannot use it.
    .catch((error: unknown) => console.warn('WebMCP tools not registered', error));
}
