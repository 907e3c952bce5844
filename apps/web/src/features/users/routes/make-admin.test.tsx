import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/messages';
import type { User } from '@parts-shop/shared/user';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { Component as MakeAdmin } from './make-admin.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const profile = (email: string, role: User['role']): User => ({
  email,
  userName: '',
  phone: '',
  education: '',
  address: '',
  linkedIn: '',
  role,
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function serve(makeAdminStatus: number) {
  fetchMock.mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === '/api/users')
      return json([profile('admin@example.com', 'admin'), profile('casey@example.com', 'customer')]);
    if (url.startsWith('/api/users/admin/') && init?.method === 'PUT') {
      return makeAdminStatus === 200
        ? json({ acknowledged: true, modifiedCount: 1 })
        : json({ message: 'Forbidden' }, makeAdminStatus);
    }
    return json({ message: 'Not found' }, 404);
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MakeAdmin />
    </QueryClientProvider>,
  );
}

describe('Make Admin', () => {
  it('lists all users with no., Email and Status; admins show Admin', async () => {
    serve(200);
    renderPage();
    const table = await screen.findByRole('table', { name: 'All Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['no.', 'Email', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Admin');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Make Admin casey@example.com' })).toBeTruthy();
  });

  it('toasts success after making someone an admin', async () => {
    serve(200);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Make Admin casey@example.com' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.makeAdminDone));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/users/admin/casey%40example.com');
  });

  it('toasts the contract’s failure on 403', async () => {
    serve(403);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Make Admin casey@example.com' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(messages.makeAdminFailed));
  });
});
