import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlannerPart } from '../api/planner-parts.ts';
import { SlotPicker } from './slot-picker.tsx';
import { answerApi, json, urlOf } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const drive = (n: number, name: string, minOrder: number): PlannerPart => ({
  _id: `01900000-0000-7000-8000-00000000000${n}`,
  brand: '',
  name,
  img: '/images/parts/ssd.svg',
  price: 50 + n,
  minOrder,
  available: 40,
  kind: 'storage',
  specs: { interface: 'NVMe', formFactor: 'M.2', capacityGb: 1000 },
});

describe('SlotPicker and minimum orders', () => {
  it('explains a part whose minimum order is more than a line holds, and will not choose it', async () => {
    const single = drive(1, 'Single SSD', 1);
    const pack = drive(2, 'Bulk SSD', 50);
    answerApi({ 'GET /api/parts?kind=storage&limit=100&sort=price_asc': () => json([pack, single]) });
    const onChoose = vi.fn();
    renderRoute(<SlotPicker slot="storage" label="Storage" build={[]} onChoose={onChoose} onClose={() => {}} />);
    const bulk = await screen.findByRole('button', { name: 'Choose Bulk SSD' });
    expect(bulk).toHaveProperty('disabled', true);
    expect(bulk.getAttribute('aria-describedby')).toBeTruthy();
    const reason = document.getElementById(bulk.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Sold in packs of 50: not for a single build slot');
    fireEvent.click(bulk);
    expect(onChoose).not.toHaveBeenCalled();

    const list = screen.getByRole('list', { name: 'Storage to choose from' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent.includes('Single SSD')),
    ).toEqual([true, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Choose Single SSD' }));
    expect(onChoose).toHaveBeenCalledWith(single);
  });
});

describe('SlotPicker filters', () => {
  it("narrows the candidates by the catalog's own filters: a brand from the facets", async () => {
    const samsung = { ...drive(1, '990 Pro', 1), brand: 'Samsung' };
    const crucial = { ...drive(2, 'T500', 1), brand: 'Crucial' };
    const facets = {
      total: 2,
      kind: { storage: 2 },
      brand: { Samsung: 1, Crucial: 1 },
      socket: {},
      memoryType: {},
      formFactor: { 'M.2': 2 },
    };
    const api = answerApi({
      'GET /api/parts?kind=storage&limit=100&sort=price_asc': () => json([samsung, crucial]),
      'GET /api/parts/facets?kind=storage': () => json(facets),
      'GET /api/parts?kind=storage&brand=Samsung&limit=100&sort=price_asc': () => json([samsung]),
      'GET /api/parts/facets?kind=storage&brand=Samsung': () => json(facets),
    });
    renderRoute(<SlotPicker slot="storage" label="Storage" build={[]} onChoose={() => {}} onClose={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Storage to choose from' });
    await within(list).findByText('T500');
    // The picker is for one kind: no kind chips, and its own sold-out checkbox stands for the toggle.
    expect(screen.queryByRole('button', { name: /^All kinds/ })).toBeNull();
    expect(screen.queryByLabelText('In stock only')).toBeNull();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Samsung (1)' }));
    await waitFor(() => expect(within(list).queryByText('T500')).toBeNull());
    expect(within(list).getByText('990 Pro')).toBeTruthy();
    expect(screen.getByText('Filters (1 on)')).toBeTruthy();
    expect(api.mock.calls.map(([input]) => urlOf(input))).toContain(
      '/api/parts?kind=storage&brand=Samsung&limit=100&sort=price_asc',
    );
  });
});
