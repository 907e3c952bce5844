import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../lib/auth.tsx';
import { MockAuthProvider, mockAuthState } from '#web-test/auth-testing.tsx';
import { RequireAdmin, RequireAuth } from './route-guards.tsx';
import { fetchMock, json, stubApi, urlOf } from '#web-test/api.ts';

// The admin check goes over HTTP to GET /api/admin/{email}; this stands in for the API.

function serveApi({ admin }: { admin: boolean }) {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/admin/')) return Promise.resolve(json({ admin }));
    return Promise.resolve(json({ message: 'Not found' }, 404));
  });
}

beforeEach(() => {
  stubApi();
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function LoginPage() {
  const state: unknown = useLocation().state;
  return <p data-testid="login">{JSON.stringify(state)}</p>;
}

function renderGuarded(state: AuthState, guard: 'auth' | 'admin', path = '/dashboard/users?sort=email') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Guard = guard === 'auth' ? RequireAuth : RequireAdmin;
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/dashboard/users',
        element: (
          <Guard>
            <h1>Protected page</h1>
          </Guard>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <MockAuthProvider state={state}>
        <RouterProvider router={router} />
      </MockAuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const casey = { email: 'casey@example.com', displayName: 'Casey', photoURL: null };

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering the page they asked for', async () => {
    renderGuarded(mockAuthState(), 'auth');
    expect(await screen.findByTestId('login')).toHaveProperty('textContent', '{"from":"/dashboard/users?sort=email"}');
  });

  it('shows a spinner, not the login page, while a stored session is confirmed', () => {
    renderGuarded(mockAuthState({ initializing: true }), 'auth');
    expect(screen.getByRole('status').textContent).toContain('Checking your sign-in');
    expect(screen.queryByTestId('login')).toBeNull();
  });

  it('shows the page to a signed-in user', () => {
    renderGuarded(mockAuthState({ user: casey }), 'auth');
    expect(screen.getByRole('heading', { name: 'Protected page' })).toBeTruthy();
  });
});

describe('RequireAdmin', () => {
  it('shows a spinner while the server decides, then the page to an admin', async () => {
    serveApi({ admin: true });
    renderGuarded(mockAuthState({ user: casey }), 'admin');
    expect(screen.getByRole('status').textContent).toContain('Checking your access');
    expect(await screen.findByRole('heading', { name: 'Protected page' })).toBeTruthy();
  });

  it('signs a non-admin out (and the page is never shown)', async () => {
    serveApi({ admin: false });
    const signOut = vi.fn(() => Promise.resolve());
    renderGuarded(mockAuthState({ user: casey, signOut }), 'admin');
    await waitFor(() => expect(signOut).toHaveBeenCalledWith('admin-only'));
    expect(screen.queryByRole('heading', { name: 'Protected page' })).toBeNull();
  });

  it('sends a signed-out visitor to /login', async () => {
    renderGuarded(mockAuthState(), 'admin');
    expect(await screen.findByTestId('login')).toHaveProperty('textContent', '{"from":"/dashboard/users?sort=email"}');
  });

  it('offers a retry when the admin check fails', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ message: 'Internal error' }, 500)));
    renderGuarded(mockAuthState({ user: casey }), 'admin');
    expect((await screen.findByRole('alert')).textContent).toContain('could not check your access');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
