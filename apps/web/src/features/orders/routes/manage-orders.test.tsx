import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReturnListItem } from '@parts-shop/shared/refunds';
import { Component as ManageOrders } from './manage-orders.tsx';
import { answerApi, json } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const asked: ReturnListItem = {
  id: '01890a5d-ac96-774b-cccc-000000000002',
  orderId: '01890a5d-ac96-774b-dddd-000000000042',
  orderNumber: 'PS-000042',
  email: 'customer@example.com',
  userName: 'Casey Customer',
  lines: [{ partId: '01890a5d-ac96-774b-bcce-000000000002', quantity: 2, productName: 'DDR5 kit' }],
  reason: 'wrong_part',
  status: 'requested',
  restocked: false,
  refunded: '0.00',
  decidedBy: null,
  createdAt: '2026-03-04T10:00:00.000Z',
  decidedAt: null,
};
const received: ReturnListItem = {
  ...asked,
  id: '01890a5d-ac96-774b-cccc-000000000001',
  orderNumber: 'PS-000041',
  reason: 'damaged_on_arrival',
  status: 'received',
  refunded: '49.99',
};

afterEach(() => vi.unstubAllGlobals());

describe("Manage Orders' Returns", () => {
  it('counts the open return requests and lists them with their order, customer, parts, reason, day and status', async () => {
    answerApi({
      'GET /api/allorders?status=to_ship': () => json([]),
      'GET /api/allorders/counts': () => json({ to_ship: 0, unpaid: 0, shipped: 3, cancelled: 0, all: 3 }),
      'GET /api/returns?status=open': () => json([asked]),
      'GET /api/returns?status=all': () => json([asked, received]),
    });
    const { router } = renderRoute(<ManageOrders />, { url: '/dashboard/manageorders' });
    const tab = screen.getByRole('button', { name: /^Returns/ });
    expect(await within(tab).findByText('1')).toBeTruthy();
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?status=returns');
    // The order search does not apply to return requests.
    expect(screen.queryByLabelText('Search by order number, email or product')).toBeNull();

    const table = await screen.findByRole('table', { name: 'Return requests' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['no.', 'Order', 'Requested', 'Customer', 'Parts', 'Reason', 'Status']);
    const [, row] = within(table).getAllByRole('row');
    const link = within(row as HTMLElement).getByRole('link', { name: 'PS-000042' });
    expect(link.getAttribute('href')).toBe(`/dashboard/orders/${asked.orderId}`);
    expect(row?.textContent).toContain('Casey Customer');
    expect(row?.textContent).toContain('customer@example.com');
    expect(row?.textContent).toContain('2 × DDR5 kit');
    expect(row?.textContent).toContain('Wrong part');
    expect(row?.textContent).toContain('2026');
    expect(row?.textContent).toContain('Requested');
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show decided requests too' }));
    expect(await screen.findByRole('link', { name: 'PS-000041' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Return requests' }).textContent).toContain('Received');
  });

  it('says so when no return request is waiting', async () => {
    answerApi({
      'GET /api/returns?status=open': () => json([]),
      'GET /api/allorders/counts': () => json({ to_ship: 0, unpaid: 0, shipped: 0, cancelled: 0, all: 0 }),
    });
    renderRoute(<ManageOrders />, { url: '/dashboard/manageorders?status=returns' });
    expect(await screen.findByText('No return requests are waiting.')).toBeTruthy();
    const tab = screen.getByRole('button', { name: /^Returns/ });
    expect(tab.getAttribute('aria-pressed')).toBe('true');
    expect(await within(tab).findByText('0')).toBeTruthy();
  });
});
