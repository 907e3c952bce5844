import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Part } from '@parts-shop/shared/part';
import { Component as PartPage } from './part-page.tsx';
import { answerApi, fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

const cpu: Part = {
  _id: '01890a5d-ac96-774b-bcce-000000000042',
  name: 'Ryzen 7 7800X3D',
  brand: '',
  description: 'Eight cores with 3D V-Cache.',
  img: '/images/parts/cpu.svg',
  minOrder: 2,
  available: 12,
  price: 449,
  version: 1,
  rating: { average: 4.5, count: 12 },
  kind: 'cpu',
  specs: {
    socket: 'AM5',
    cores: 8,
    threads: 16,
    boostClockGhz: 5,
    tdpW: 120,
    integratedGraphics: true,
    memoryTypes: ['DDR5'],
  },
};

beforeEach(() => {
  stubApi();
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const partAt = (id: string) => ({
  url: `/parts/${id}`,
  path: '/parts/:id',
  routes: [{ path: '/purchase/:partId', element: <h1>Purchase page</h1> }],
});

describe('/parts/{id}', () => {
  it("shows the buyers' rating as stars with its text, and each buyer's words", async () => {
    answerApi({
      [`GET /api/parts/${cpu._id}`]: () => json(cpu),
      [`GET /api/parts/${cpu._id}/reviews?limit=20`]: () =>
        json([{ _id: 'r1', name: 'Ada', rating: 4, text: 'Cool and fast.', createdAt: '2026-11-25T10:00:00.000Z' }]),
    });
    renderRoute(<PartPage />, partAt(cpu._id));
    expect(await screen.findByRole('img', { name: '4.5 out of 5, 12 ratings' })).toBeTruthy();
    expect(await screen.findByText('Cool and fast.')).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 out of 5' })).toBeTruthy();
    expect(screen.getByText('Customers who bought this part can rate it.')).toBeTruthy();
  });

  it('shows the part with its price, stock, minimum order and a specification table with units', async () => {
    fetchMock.mockResolvedValueOnce(json(cpu));
    renderRoute(<PartPage />, partAt(cpu._id));
    expect(await screen.findByRole('heading', { level: 1, name: cpu.name })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/parts/${cpu._id}`);
    expect(document.title).toBe('Ryzen 7 7800X3D | Parts Shop');
    expect(screen.getByRole('img', { name: cpu.name })).toBeTruthy();
    expect(screen.getByTestId('part-price').textContent).toBe('$449.00');
    expect(screen.getByTestId('part-available').textContent).toBe('12 in stock');
    expect(screen.getByTestId('part-min-order').textContent).toBe('2');
    expect(screen.getByText(cpu.description)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Specifications' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Socket', 'AM5'],
      ['Cores', '8'],
      ['Threads', '16'],
      ['Boost clock', '5 GHz'],
      ['TDP', '120 W'],
      ['Integrated graphics', 'Yes'],
      ['Memory types', 'DDR5'],
    ]);
  });

  it('goes to Purchase when in stock', async () => {
    fetchMock.mockResolvedValueOnce(json(cpu));
    const { router } = renderRoute(<PartPage />, partAt(cpu._id));
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase' }));
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/purchase/${cpu._id}`);
  });

  it('offers no Purchase when out of stock, only to be told when it is back, and has no table without specs', async () => {
    fetchMock.mockResolvedValueOnce(json({ ...cpu, kind: 'other', specs: {}, available: 0 }));
    renderRoute(<PartPage />, partAt(cpu._id));
    expect(await screen.findByRole('link', { name: 'Sign in to be told when it is back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Purchase' })).toBeNull();
    expect(screen.getByTestId('part-available').textContent).toBe('Out of stock');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('adds the part to the comparison and links to /compare once two parts are in it', async () => {
    const other = '01890a5d-ac96-774b-bcce-000000000007';
    localStorage.setItem('compare-parts', JSON.stringify([other]));
    fetchMock.mockResolvedValueOnce(json(cpu));
    renderRoute(<PartPage />, partAt(cpu._id));
    const toggle = await screen.findByRole('button', { name: `Compare ${cpu.name}` });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('link', { name: /Compare \d parts/ })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const link = screen.getByRole('link', { name: 'Compare 2 parts' });
    expect(link.getAttribute('href')).toBe(`/compare?ids=${other},${cpu._id}`);
  });

  it('shows the not-found message for an unknown id', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Part not found' }, 404));
    renderRoute(<PartPage />, partAt('no-such-part'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Part not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all parts' }).getAttribute('href')).toBe('/allparts');
    expect(document.title).toBe('Part not found | Parts Shop');
  });
});
