// The page's stylesheets, linked from index.html, so the first paint waits on no script.
import 'react-toastify/ReactToastify.css';
import '../index.css';
import { loadChunk } from '../lib/chunk-reload.ts';
import { rememberEarlyClicks } from './early-clicks.ts';

/*
 * A public page arrives drawn by the server (apps/web/src/entry-server.tsx): names, prices and pictures show with the
 * HTML and the stylesheet alone.
 */
function start(): void {
  loadChunk(() => import('./main.tsx')).catch((error: unknown) => {
    // The drawn page stays readable; only its buttons wait for a reload.
    console.error('The app did not start', error);
  });
}

function afterFirstPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  // Buffered: a paint before this line is reported too.
  observer.observe({ type: 'paint', buffered: true });
}

const drawn = document.getElementById('root')?.firstElementChild;
if (!drawn) start();
else {
  rememberEarlyClicks();
  if (document.readyState === 'complete') afterFirstPaint(start);
  else window.addEventListener('load', () => afterFirstPaint(start), { once: true });
}
