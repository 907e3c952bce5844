import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './auth.tsx';
import { testQueryClient } from '#web-test/render-route.tsx';

function WhoIsSignedIn() {
  const { user, initializing } = useAuth();
  return <p>{initializing ? 'checking' : (user?.email ?? 'signed out')}</p>;
}

describe('AuthProvider on the server', () => {
  // The server draws every public page inside AuthProvider (entry-server.tsx): a throw here
  // makes every page fall back to an empty shell drawn by the browser.
  it('renders the page signed out', () => {
    const html = renderToString(
      <QueryClientProvider client={testQueryClient()}>
        <AuthProvider>
          <WhoIsSignedIn />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(html).toBe('<p>signed out</p>');
  });
});
