import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toasts } from '../components/ui/toasts.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { queryClient } from '../lib/query-client.ts';

/** `client`: the server renders each page with a cache of its own; the browser has one for the visit. */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <Toasts />
      </AuthProvider>
    </QueryClientProvider>
  );
}
