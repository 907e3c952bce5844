// The page's stylesheets, linked from index.html, so the first paint waits on no script.
import 'react-toastify/ReactToastify.css';
import '../index.css';
import { loadChunk } from '../lib/chunk-reload.ts';
import { rememberEarlyClicks } from './early-clicks.ts';

/*
 * A public page arrives drawn by the server (apps/web/src/entry-server.tsx): names, prices and
 * pictures show with the HTML and the stylesheet alone. The app's code, which makes that page
 * interactive, is asked for only once the page has loaded (its pictures are in) and has been
 * painted, so on a slow phone its ~170 KB neither compete with the pictures for the connection
 * nor hold up the first paint (docs/performance.md). Links work before then, as plain links.
 * A page the server did not draw shows nothing without the app, so it starts at once.
 */
function start(): void {
  loadChunk(() => import('./main.tsx')).catch((error: unknown) => {
    // The drawn page stays readable; only its buttons wait for a reload.
    console.error('The app did not start', error);
  });
}

/**
 * Runs `then` once the browser has shown the page's first content. A frame's callback comes too
 * early: the frame it precedes can reach the screen a little later on a busy machine.
 */
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
