import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import type { UserSummary } from '@parts-shop/shared/user';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { Component as MakeAdmin } from './make-admin.tsx';
import { fetchMock, json, stubApi, urlOf } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const profile = (email: string, role: UserSummary['role']): UserSummary => ({
  email,
  userName: '',
  phone: '',
  education: '',
  address: '',
  linkedIn: '',
  role,
  signedUpAt: '2026-01-05T10:00:00.000Z',
  orders: 0,
  spent: '0.00',
});

/** Make Admin and Remove admin ask first, naming the email; Yes goes ahead. */
async function confirmWith(text: RegExp) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(text)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
}

function serve(makeAdminStatus: number) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    if (url === '/api/users?limit=20')
      return json([profile('admin@example.com', 'admin'), casey], 200, {
        Link: '</api/users?limit=2&cursor=abc>; rel="next"',
      });
    if (url === '/api/users?limit=2&cursor=abc') return json([profile('dana@example.com', 'admin')]);
    if (url === '/api/role-changes?limit=20') {
      const change = {
        id: 'c1',
        actorEmail: 'admin@example.com',
        role: 'admin',
        changedAt: '2026-01-02T10:00:00.000Z',
      };
      return json([{ ...change, targetEmail: 'dana@example.com' }]);
    }
    if (url === '/api/users/admin/dana%40example.com' && init?.method === 'DELETE')
      return json({ acknowledged: true, modifiedCount: 1 });
    if (url.startsWith('/api/users/admin/') && init?.method === 'PUT') {
      return makeAdminStatus === 200
        ? json({ acknowledged: true, modifiedCount: 1 })
        : json({ message: 'Forbidden' }, makeAdminStatus);
    }
    return json({ message: 'Not found' }, 404);
  });
}

const casey: UserSummary = {
  ...profile('casey@example.com', 'customer'),
  userName: 'Casey Jones',
  orders: 3,
  spent: '1234.50',
};

beforeEach(() => {
  stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Make Admin', () => {
  it('lists all users with no., Email, name, sign-up date, orders, spending and Status; admins show Admin', async () => {
    serve(200);
    renderRoute(<MakeAdmin />, { auth: 'admin' });
    const table = await screen.findByRole('table', { name: 'All Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['no.', 'Email', 'Name', 'Signed up', 'Orders', 'Spent (paid, net of refunds)', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    const caseyRow = within(rows[1] as HTMLElement);
    expect(caseyRow.getByText('Casey Jones')).toBeTruthy();
    expect(caseyRow.getByText('$1,234.50')).toBeTruthy();
    expect(caseyRow.getByText('Jan 5, 2026')).toBeTruthy();
    expect(caseyRow.getByRole('link', { name: '3 orders of casey@example.com' }).getAttribute('href')).toBe(
      '/dashboard/manageorders?status=all&customer=casey%40example.com',
    );
    expect(rows[0]?.textContent).toContain('Admin');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Make Admin casey@example.com' })).toBeTruthy();
  });

  it('toasts success after making someone an admin', async () => {
    serve(200);
    renderRoute(<MakeAdmin />, { auth: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Admin casey@example.com' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await confirmWith(/Make casey@example.com an admin\?/);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.makeAdminDone));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/users/admin/casey%40example.com');
  });

  it('toasts the contract’s failure on 403', async () => {
    serve(403);
    renderRoute(<MakeAdmin />, { auth: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Admin casey@example.com' }));
    await confirmWith(/Make casey@example.com an admin\?/);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(messages.makeAdminFailed));
  });

  it('loads further pages, removes admin from another admin (never oneself), and shows the history', async () => {
    serve(200);
    renderRoute(<MakeAdmin />, { auth: 'admin' });
    await screen.findByRole('table', { name: 'All Users' });
    expect(screen.queryByRole('button', { name: 'Remove admin admin@example.com' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Load more/i }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove admin dana@example.com' }));
    await confirmWith(/Remove admin from dana@example.com\?/);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/users/admin/dana%40example.com' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/admin@example.com made dana@example.com an admin/)).toBeTruthy();
  });
});
