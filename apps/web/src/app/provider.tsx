import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_CLOSE_MS } from '@parts-shop/shared/constants';
import { AuthProvider } from '../lib/auth.tsx';
import { queryClient } from '../lib/query-client.ts';

/** `client`: the server renders each page with a cache of its own; the browser has one for the visit. */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <ToastContainer autoClose={TOAST_CLOSE_MS} position="top-center" />
      </AuthProvider>
    </QueryClientProvider>
  );
}
