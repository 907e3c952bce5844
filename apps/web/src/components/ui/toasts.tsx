import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import type { ToastContainerProps } from 'react-toastify/unstyled';
import { TOAST_CLOSE_MS } from '@parts-shop/shared/constants';
import { loadToastify, subscribeToToasts, toastsWanted } from '#web/lib/toast.ts';

const ToastContainer = lazy(async (): Promise<{ default: ComponentType<ToastContainerProps> }> => {
  try {
    return { default: (await loadToastify()).ToastContainer };
  } catch {
    // Without its container a toast is not shown; the page goes on.
    return { default: () => null };
  }
});

export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer autoClose={TOAST_CLOSE_MS} position="top-center" />
    </Suspense>
  );
}
