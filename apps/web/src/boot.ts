// The page's stylesheets, linked from index.html, so the first paint waits on no script.
import 'react-toastify/ReactToastify.css';
import './index.css';
import { loadChunk } from './lib/chunk-reload.ts';
import { rememberEarlyClicks } from './lib/early-clicks.ts';

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

/** A frame's callback runs just before that frame is painted; a task it queues runs after. */
function afterNextPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}

const drawn = document.getElementById('root')?.firstElementChild;
if (drawn) rememberEarlyClicks();
if (!drawn) start();
else if (document.readyState === 'complete') afterNextPaint(start);
else window.addEventListener('load', () => afterNextPaint(start), { once: true });
