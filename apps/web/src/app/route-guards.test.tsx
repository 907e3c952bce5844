import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin, RequireAuth } from './route-guards.tsx';
import { fetchMock, json, stubApi, urlOf } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

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
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function LoginPage() {
  const state: unknown = useLocation().state;
  return <p data-testid="login">{JSON.stringify(state)}</p>;
}

const protectedPage = <h1>Protected page</h1>;
const usersPage = { url: '/dashboard/users?sort=email', routes: [{ path: '/login', element: <LoginPage /> }] };
const casey = { email: 'casey@example.com', displayName: 'Casey', photoURL: null };

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering the page they asked for', async () => {
    renderRoute(<RequireAuth>{protectedPage}</RequireAuth>, usersPage);
    expect(await screen.findByTestId('login')).toHaveProperty('textContent', '{"from":"/dashboard/users?sort=email"}');
  });

  it('shows a spinner, not the login page, while a stored session is confirmed', () => {
    renderRoute(<RequireAuth>{protectedPage}</RequireAuth>, { ...usersPage, auth: { initializing: true } });
    expect(screen.getByRole('status').textContent).toContain('Checking your sign-in');
    expect(screen.queryByTestId('login')).toBeNull();
  });

  it('shows the page to a signed-in user', () => {
    renderRoute(<RequireAuth>{protectedPage}</RequireAuth>, { ...usersPage, auth: { user: casey } });
    expect(screen.getByRole('heading', { name: 'Protected page' })).toBeTruthy();
  });
});

describe('RequireAdmin', () => {
  it('shows a spinner while the server decides, then the page to an admin', async () => {
    serveApi({ admin: true });
    renderRoute(<RequireAdmin>{protectedPage}</RequireAdmin>, { ...usersPage, auth: { user: casey } });
    expect(screen.getByRole('status').textContent).toContain('Checking your access');
    expect(await screen.findByRole('heading', { name: 'Protected page' })).toBeTruthy();
  });

  it('signs a non-admin out (and the page is never shown)', async () => {
    serveApi({ admin: false });
    const signOut = vi.fn(() => Promise.resolve());
    renderRoute(<RequireAdmin>{protectedPage}</RequireAdmin>, { ...usersPage, auth: { user: casey, signOut } });
    await waitFor(() => expect(signOut).toHaveBeenCalledWith('admin-only'));
    expect(screen.queryByRole('heading', { name: 'Protected page' })).toBeNull();
  });

  it('sends a signed-out visitor to /login', async () => {
    renderRoute(<RequireAdmin>{protectedPage}</RequireAdmin>, usersPage);
    expect(await screen.findByTestId('login')).toHaveProperty('textContent', '{"from":"/dashboard/users?sort=email"}');
  });

  it('offers a retry when the admin check fails', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ message: 'Internal error' }, 500)));
    renderRoute(<RequireAdmin>{protectedPage}</RequireAdmin>, { ...usersPage, auth: { user: casey } });
    expect((await screen.findByRole('alert')).textContent).toContain('could not check your access');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
