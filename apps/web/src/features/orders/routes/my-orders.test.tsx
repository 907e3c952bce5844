import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Component as MyOrders } from './my-orders.tsx';
import { json, stubApi, urlOf } from '#web-test/api.ts';

const signOut = vi.fn(() => Promise.resolve());
vi.mock('#web/lib/auth.tsx', () => ({
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
    const fetchMock = stubApi().mockImplementation(() => Promise.resolve(json([])));
    renderPage();
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
    // The page also reads the shop's settings (how long unpaid orders are held).
    const urls = fetchMock.mock.calls.map((call) => urlOf(call[0]));
    expect(urls.filter((url) => url.startsWith('/api/orders')).sort()).toEqual([
      '/api/orders/unpaid',
      '/api/orders?email=customer%40example.com',
    ]);
  });

  it("offers Pay all unpaid with the server's count and total, linking to one payment for those orders", async () => {
    const ids = ['01900000-0000-7000-8000-00000000000a', '01900000-0000-7000-8000-00000000000b'];
    stubApi().mockImplementation((input) =>
      Promise.resolve(json(urlOf(input) === '/api/orders/unpaid' ? { count: 2, total: '50.00', orderIds: ids } : [])),
    );
    renderPage();
    const link = await screen.findByRole('link', { name: 'Pay all unpaid (2 orders, $50.00)' });
    expect(link.getAttribute('href')).toBe(`/dashboard/payment?orders=${ids.join(',')}`);
  });

  it('offers no Pay all when nothing is unpaid', async () => {
    stubApi().mockImplementation((input) =>
      Promise.resolve(json(urlOf(input) === '/api/orders/unpaid' ? { count: 0, total: '0.00', orderIds: [] } : [])),
    );
    renderPage();
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Pay all unpaid/ })).toBeNull();
  });

  it.each([401, 403])('signs the user out and goes home on a %i', async (status) => {
    stubApi().mockImplementation(() => Promise.resolve(json({ message: 'No' }, status)));
    const router = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});
