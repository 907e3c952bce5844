import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_CLOSE_MS } from '@parts-shop/shared/constants';
import { AuthProvider } from '../lib/auth.tsx';
import { queryClient } from '../lib/query-client.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <ToastContainer autoClose={TOAST_CLOSE_MS} position="top-center" />
      </AuthProvider>
    </QueryClientProvider>
  );
}
