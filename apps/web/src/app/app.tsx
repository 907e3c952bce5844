import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import type { createRouter } from './router.tsx';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
