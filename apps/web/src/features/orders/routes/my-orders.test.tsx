import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Component as MyOrders } from './my-orders.tsx';

const signOut = vi.fn(() => Promise.resolve());
vi.mock('../../../lib/auth.tsx', () => ({
  useAuth: () => ({
    initializing: false,
    user: { email: 'customer@example.com', displayName: 'Casey', photoURL: null },
    isAdmin: false,
    signOut,
  }),
}));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/dashboard/myorders', element: <MyOrders /> },
    ],
    { initialEntries: ['/dashboard/myorders'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut.mockClear();
});

describe('My Orders', () => {
  it("asks for the signed-in customer's orders", async () => {
    const fetchMock = vi.fn((_url: string) => Promise.resolve(Response.json([])));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
    // The page also reads the shop's settings (how long unpaid orders are held).
    const urls = fetchMock.mock.calls.map((call) => call[0]);
    expect(urls.filter((url) => url.startsWith('/api/orders'))).toEqual(['/api/orders?email=customer%40example.com']);
  });

  it.each([401, 403])('signs the user out and goes home on a %i', async (status) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ message: 'No' }, { status }))),
    );
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});
