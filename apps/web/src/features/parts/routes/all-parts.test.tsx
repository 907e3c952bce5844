import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartFacets } from '@parts-shop/shared/part-query';
import { Component as AllParts } from './all-parts.tsx';
import { fetchMock, json, stubApi, urlOf } from '#web-test/api.ts';
import { part } from '#web-test/fixtures.ts';
import { renderRoute } from '#web-test/render-route.tsx';

/** The answers to GET /parts, in order; GET /parts/facets answers `facets`. */
let listAnswers: (Response | Promise<Response>)[] = [];
let facets: PartFacets = { total: 0, kind: {}, brand: {}, socket: {}, memoryType: {}, formFactor: {} };

beforeEach(() => {
  stubApi();
  listAnswers = [];
  facets = { total: 0, kind: {}, brand: {}, socket: {}, memoryType: {}, formFactor: {} };
  fetchMock.mockImplementation((input) => {
    if (urlOf(input).startsWith('/api/parts/facets')) return Promise.resolve(json(facets));
    return Promise.resolve(listAnswers.shift() ?? new Promise<Response>(() => undefined));
  });
});
afterEach(() => vi.unstubAllGlobals());

function listRequests(): string[] {
  return fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((url) => !url.startsWith('/api/parts/facets'));
}

function requestedUrl(call: number): string {
  return listRequests()[call] ?? '';
}

describe('/allparts', () => {
  it('titles the page and shows a spinner while the first page loads', () => {
    renderRoute(<AllParts />, { url: '/allparts' });
    expect(screen.getByRole('heading', { level: 1, name: 'All the Latest Deals' })).toBeTruthy();
    expect(document.title).toBe('All the Latest Deals | Parts Shop');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(requestedUrl(0)).toBe('/api/parts?limit=24');
  });

  it('says the fetch failed instead of spinning forever, and can try again', async () => {
    listAnswers.push(json({ message: 'Database unavailable' }, 500));
    renderRoute(<AllParts />, { url: '/allparts' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.queryByRole('status')).toBeNull();

    listAnswers.push(json([part(1)]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Part number 1' })).toBeTruthy();
  });

  it('says so when there are no parts at all', async () => {
    listAnswers.push(json([]));
    renderRoute(<AllParts />, { url: '/allparts' });
    expect(await screen.findByText(/No parts are for sale right now/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the parts in the order the server gives (newest first) and loads the next page on request', async () => {
    listAnswers.push(json([part(3), part(2)], 200, { Link: '</api/parts?limit=24&cursor=b3BhcXVl>; rel="next"' }));
    renderRoute(<AllParts />, { url: '/allparts' });
    const first = await screen.findAllByRole('heading', { level: 2 });
    expect(first.map((h) => h.textContent)).toEqual(['Part number 3', 'Part number 2']);
    expect(screen.getByText('Showing 2 parts')).toBeTruthy();

    listAnswers.push(json([part(1, { available: 0 })]));
    fireEvent.click(screen.getByRole('button', { name: 'Load more parts' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3));
    expect(requestedUrl(1)).toBe('/api/parts?limit=24&cursor=b3BhcXVl');
    expect(screen.getByText('Showing all 3 parts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
  });

  it('keeps the loaded parts and offers the button again when a later page fails', async () => {
    listAnswers.push(json([part(2)], 200, { Link: '</api/parts?limit=24&cursor=eA>; rel="next"' }));
    renderRoute(<AllParts />, { url: '/allparts' });
    await screen.findByRole('heading', { level: 2, name: 'Part number 2' });

    listAnswers.push(json({ message: 'Boom' }, 500));
    fireEvent.click(screen.getByRole('button', { name: 'Load more parts' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load more parts');
    expect(screen.getByRole('heading', { level: 2, name: 'Part number 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more parts' })).toBeTruthy();
  });

  it('restores the whole catalog from a shared address and asks the API for exactly that', async () => {
    facets = {
      total: 2,
      kind: { cpu: 2, gpu: 5 },
      brand: {},
      socket: { AM5: 2, AM4: 1 },
      memoryType: { DDR5: 2 },
      formFactor: {},
    };
    listAnswers.push(json([part(1), part(2)]));
    renderRoute(<AllParts />, { url: '/allparts?q=ryz&kind=cpu&socket=AM5&inStock=true&maxPrice=500&sort=price_asc' });
    expect(await screen.findByText('2 parts found')).toBeTruthy();
    expect(requestedUrl(0)).toBe(
      '/api/parts?q=ryz&kind=cpu&maxPrice=500&inStock=true&socket=AM5&sort=price_asc&limit=24',
    );
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toContain(
      '/api/parts/facets?q=ryz&kind=cpu&maxPrice=500&inStock=true&socket=AM5',
    );
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search parts' }).value).toBe('ryz');
    expect(screen.getByRole('button', { name: 'Processor (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'All kinds (7)' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByLabelText<HTMLSelectElement>('Socket').value).toBe('AM5');
    // Only the values some processor has, with their counts.
    expect([...screen.getByLabelText<HTMLSelectElement>('Socket').options].map((o) => o.text)).toEqual([
      'Any',
      'AM4 (1)',
      'AM5 (2)',
    ]);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('price_asc');
    expect(screen.getByLabelText<HTMLInputElement>('Max price ($)').value).toBe('500');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'In stock only' }).checked).toBe(true);
  });

  it('searches once typing pauses, not on every key', async () => {
    listAnswers.push(json([part(1)]), json([part(7)]));
    const { router } = renderRoute(<AllParts />, { url: '/allparts' });
    await screen.findByRole('heading', { level: 2, name: 'Part number 1' });
    const box = screen.getByRole('searchbox', { name: 'Search parts' });
    for (const text of ['r', 'ry', 'ryz']) fireEvent.change(box, { target: { value: text } });
    expect(listRequests()).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe('?q=ryz'));
    await screen.findByRole('heading', { level: 2, name: 'Part number 7' });
    expect(listRequests()).toEqual(['/api/parts?limit=24', '/api/parts?q=ryz&limit=24']);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('relevance');
  });

  it('puts each filter in the address, and Back takes it away again', async () => {
    facets = { total: 3, kind: { cpu: 3, memory: 4 }, brand: {}, socket: {}, memoryType: { DDR5: 2 }, formFactor: {} };
    listAnswers.push(json([part(1)]), json([part(2)]));
    const { router } = renderRoute(<AllParts />, { url: '/allparts' });
    await screen.findByRole('heading', { level: 2, name: 'Part number 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Memory (4)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=memory'));
    await screen.findByRole('heading', { level: 2, name: 'Part number 2' });
    expect(screen.getByLabelText('Memory type')).toBeTruthy();
    expect(screen.queryByLabelText('Socket')).toBeNull();

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 2, name: 'Part number 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^All kinds/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    listAnswers.push(json([]), json([part(1)]));
    const { router } = renderRoute(<AllParts />, { url: '/allparts?q=zzzz&kind=gpu' });
    expect(await screen.findByText('No parts match your search and filters.')).toBeTruthy();
    const clears = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clears[clears.length - 1] ?? document.body);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { level: 2, name: 'Part number 1' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search parts' }).value).toBe('');
  });

  it('checks the price range with the API rules before asking', async () => {
    listAnswers.push(json([part(1)]));
    const { router } = renderRoute(<AllParts />, { url: '/allparts' });
    await screen.findByRole('heading', { level: 2, name: 'Part number 1' });
    fireEvent.change(screen.getByLabelText('Min price ($)'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Max price ($)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(await screen.findByText('Max price cannot be below min price')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('offers the search form to browser agents as the show_parts tool', () => {
    renderRoute(<AllParts />, { url: '/allparts' });
    const form = screen.getByRole('search', { name: 'Search parts' });
    expect(form.getAttribute('toolname')).toBe('show_parts');
    expect(form.getAttribute('tooldescription')).toMatch(/catalog/);
    expect(screen.getByRole('searchbox', { name: 'Search parts' }).getAttribute('toolparamdescription')).toMatch(/ryz/);
  });
});
