import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Part } from '@parts-shop/shared/part';
import { Component as AllParts } from './all-parts.tsx';

function part(n: number, available = 10): Part {
  return {
    _id: `01890a5d-ac96-774b-bcce-${String(n).padStart(12, '0')}`,
    name: `Part number ${n}`,
    description: `Description ${n}`,
    img: '/images/parts/cpu.svg',
    minOrder: 1,
    available,
    price: 10 + n,
    kind: 'other',
    specs: {},
    version: 1,
  };
}

function json(body: unknown, init: { status?: number; link?: string } = {}) {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (init.link) headers.set('Link', init.link);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/allparts', element: <AllParts /> }], {
    initialEntries: ['/allparts'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function requestedUrl(call: number): string {
  const input = fetchMock.mock.calls[call]?.[0];
  return typeof input === 'string' ? input : input instanceof URL ? input.href : (input?.url ?? '');
}

describe('/allparts', () => {
  it('titles the page and shows a spinner while the first page loads', () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'All the Latest Deals' })).toBeTruthy();
    expect(document.title).toBe('All the Latest Deals | Parts Shop');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(requestedUrl(0)).toBe('/api/parts?limit=24');
  });

  it('says the fetch failed instead of spinning forever, and can try again', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Database unavailable' }, { status: 500 }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.queryByRole('status')).toBeNull();

    fetchMock.mockResolvedValueOnce(json([part(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Part number 1' })).toBeTruthy();
  });

  it('says so when there are no parts at all', async () => {
    fetchMock.mockResolvedValueOnce(json([]));
    renderPage();
    expect(await screen.findByText(/No parts are for sale right now/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the parts in the order the server gives (newest first) and loads the next page on request', async () => {
    fetchMock.mockResolvedValueOnce(
      json([part(3), part(2)], { link: '</api/parts?limit=24&cursor=b3BhcXVl>; rel="next"' }),
    );
    renderPage();
    const first = await screen.findAllByRole('heading', { level: 2 });
    expect(first.map((h) => h.textContent)).toEqual(['Part number 3', 'Part number 2']);
    expect(screen.getByText('Showing 2 parts')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json([part(1, 0)]));
    fireEvent.click(screen.getByRole('button', { name: 'Load more parts' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3));
    expect(requestedUrl(1)).toBe('/api/parts?limit=24&cursor=b3BhcXVl');
    expect(screen.getByText('Showing all 3 parts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });

  it('keeps the loaded parts and offers the button again when a later page fails', async () => {
    fetchMock.mockResolvedValueOnce(json([part(2)], { link: '</api/parts?limit=24&cursor=eA>; rel="next"' }));
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Part number 2' });

    fetchMock.mockResolvedValueOnce(json({ message: 'Boom' }, { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Load more parts' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load more parts');
    expect(screen.getByRole('heading', { level: 2, name: 'Part number 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more parts' })).toBeTruthy();
  });
});
