import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { AuthState } from '#web/lib/auth.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { Navbar } from './navbar.tsx';
import { json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const customer = { email: 'customer@example.com', displayName: 'Casey', photoURL: null };
const ids = ['01900000-0000-7000-8000-00000000000a', '01900000-0000-7000-8000-00000000000b'];

function answerUnpaid(answers: { count: number; total: string; orderIds: string[] }[]) {
  return stubApi().mockImplementation(() => Promise.resolve(json(answers.shift())));
}

afterEach(() => vi.unstubAllGlobals());

describe("Navbar's cart", () => {
  it("shows a customer's unpaid orders with their total, linking to My Orders", async () => {
    const fetchMock = answerUnpaid([{ count: 2, total: '779.98', orderIds: ids }]);
    renderRoute(<Navbar />, { auth: 'customer' });
    // The cart's code is loaded on demand (a lazy chunk), which a busy machine takes a while to transform.
    const cart = await screen.findByRole('link', { name: 'Cart: 2 unpaid orders, $779.98' });
    expect(cart.getAttribute('href')).toBe('/dashboard/myorders');
    expect(cart.textContent).toContain('2');
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/orders/unpaid']);
  });

  it('follows an order placed, paid or cancelled: those refresh every order query', async () => {
    answerUnpaid([
      { count: 1, total: '89.99', orderIds: ids.slice(0, 1) },
      { count: 0, total: '0.00', orderIds: [] },
    ]);
    const { queryClient } = renderRoute(<Navbar />, { auth: 'customer' });
    expect(await screen.findByRole('link', { name: 'Cart: 1 unpaid order, $89.99' })).toBeTruthy();
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }));
    expect(await screen.findByRole('link', { name: 'Cart: 0 unpaid orders, $0.00' })).toBeTruthy();
  });

  it.each([
    ['a signed-out visitor', {}],
    ['an admin', { user: customer, isAdmin: true }],
    ['a user the server has not yet placed', { user: customer, isAdmin: null }],
  ])('is not shown to %s, and nothing is asked', async (_who, state: Partial<AuthState>) => {
    const fetchMock = answerUnpaid([{ count: 2, total: '779.98', orderIds: ids }]);
    renderRoute(<Navbar />, { auth: state });
    await act(() => Promise.resolve());
    expect(screen.queryByRole('link', { name: /^Cart/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
