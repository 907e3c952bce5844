import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PlannerPart } from '../api/planner-parts.ts';
import { SlotPicker } from './slot-picker.tsx';
import { answerApi, json } from '#web-test/api.ts';
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
  it('explains a part whose minimum order is more than a slot holds, and will not choose it', async () => {
    const single = drive(1, 'Single SSD', 1);
    const pack = drive(2, 'Bulk SSD', 5);
    answerApi({ 'GET /api/parts?kind=storage&limit=100&sort=price_asc': () => json([pack, single]) });
    const onChoose = vi.fn();
    renderRoute(<SlotPicker slot="storage" label="Storage" build={[]} onChoose={onChoose} onClose={() => {}} />);
    const bulk = await screen.findByRole('button', { name: 'Choose Bulk SSD' });
    expect(bulk).toHaveProperty('disabled', true);
    expect(bulk.getAttribute('aria-describedby')).toBeTruthy();
    const reason = document.getElementById(bulk.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Sold in packs of 5: not for a single build slot');
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
