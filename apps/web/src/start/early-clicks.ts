/**
 * A page the server drew shows its buttons before the app's code has run (src/start/boot.ts loads it
 * once the page is painted), and a button clicked in that time has nothing to run. The last
 * such click is remembered and made again once the app has taken the page over: React then
 * adopts that part of the page first and runs the click. Only plain buttons: a submit button
 * already does what a form without the app does, and links work as links.
 */
let pending: HTMLButtonElement | null = null;

function remember(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button?.type === 'button') pending = button;
}

export function rememberEarlyClicks(): void {
  document.addEventListener('click', remember, { capture: true });
}

/** Called once the app has taken the page over. */
export function replayEarlyClick(): void {
  document.removeEventListener('click', remember, { capture: true });
  const button = pending;
  pending = null;
  if (button?.isConnected) button.click();
}
