/**
 * A page the server drew shows its buttons before the app's code has run (src/start/boot.ts loads it once the page is
 * painted), and a button clicked in that time has nothing to run.
 */
let pending: HTMLButtonElement | null = null;

function remember(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button?.type === 'button') pending = button;
}

export function rememberEarlyClicks(): void {
  document.addEventListener('click', remember, { capture: true });
}

export function replayEarlyClick(): void {
  document.removeEventListener('click', remember, { capture: true });
  const button = pending;
  pending = null;
  if (button?.isConnected) button.click();
}
