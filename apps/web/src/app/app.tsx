import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import { createRouter } from './router.tsx';

const router = createRouter();

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
