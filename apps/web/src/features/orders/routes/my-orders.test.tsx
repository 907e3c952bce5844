import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Component as MyOrders } from './my-orders.tsx';
import { json, stubApi, urlOf } from '#web-test/api.ts';
import { renderRoute, customerUser } from '#web-test/render-route.tsx';

const signOut = vi.fn(() => Promise.resolve());
const myOrders = {
  url: '/dashboard/myorders',
  routes: [{ path: '/', element: <h1>Home page</h1> }],
  auth: { user: customerUser, isAdmin: false, signOut },
};

afterEach(() => {
  vi.unstubAllGlobals();
  signOut.mockClear();
});

describe('My Orders', () => {
  it("asks for the signed-in customer's orders", async () => {
    const fetchMock = stubApi().mockImplementation(() => Promise.resolve(json([])));
    renderRoute(<MyOrders />, myOrders);
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
    renderRoute(<MyOrders />, myOrders);
    const link = await screen.findByRole('link', { name: 'Pay all unpaid (2 orders, $50.00)' });
    expect(link.getAttribute('href')).toBe(`/dashboard/payment?orders=${ids.join(',')}`);
  });

  it('offers no Pay all when nothing is unpaid', async () => {
    stubApi().mockImplementation((input) =>
      Promise.resolve(json(urlOf(input) === '/api/orders/unpaid' ? { count: 0, total: '0.00', orderIds: [] } : [])),
    );
    renderRoute(<MyOrders />, myOrders);
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Pay all unpaid/ })).toBeNull();
  });

  it.each([401, 403])('signs the user out and goes home on a %i', async (status) => {
    stubApi().mockImplementation(() => Promise.resolve(json({ message: 'No' }, status)));
    const { router } = renderRoute(<MyOrders />, myOrders);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});
