/**
 * Toasts. react-toastify (its container and its calls) is loaded with the first toast of a visit rather than with the
 * page: most visits show none, and the first visit's scripts are budgeted (docs/performance.md).
 */
type Kind = 'success' | 'error' | 'info';

export const loadToastify = () => import('react-toastify/unstyled');

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string, toastId?: string): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loadToastify()
    .then(({ toast }) => toast[kind](message, toastId === undefined ? undefined : { toastId }))
    // A toast that cannot load is not worth an error screen; the action itself went through.
    .catch((error: unknown) => console.warn('Toast not shown:', message, error));
}

export function toastSuccess(message: string): void {
  show('success', message);
}

export function toastError(message: string): void {
  show('error', message);
}

export function toastInfo(message: string, id: string): void {
  show('info', message, id);
}

export const toastsWanted = (): boolean => wanted;

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
