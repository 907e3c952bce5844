import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { toastSuccess } from '#web/lib/toast.ts';
import { AddProductForm } from './add-product-form.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

// The spec fields as Add Product shows them (Edit Product draws the same component).

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

beforeEach(() => {
  stubApi();
  vi.mocked(toastSuccess).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

function change(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillCatalogFields() {
  change('Name', 'Ryzen 7 7700X');
  change('Description', 'Eight cores');
  change('Image URL', '/images/parts/cpu.svg');
  change('Min Order', '1');
  change('Available', '5');
  change('Price', '299.99');
}

const specsGroup = () => screen.queryByRole('group', { name: /specifications$/ });

function sentBody(): unknown {
  const init = fetchMock.mock.calls[0]?.[1];
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
}

describe('SpecFields', () => {
  it('shows no spec fields for Other, and the fields of the chosen kind with their units', () => {
    renderRoute(<AddProductForm />);
    expect(screen.getByLabelText<HTMLSelectElement>('Kind').value).toBe('other');
    expect(specsGroup()).toBeNull();
    change('Kind', 'cpu');
    const group = within(specsGroup() ?? document.body);
    expect(screen.getByRole('group', { name: 'Processor specifications' })).toBeTruthy();
    for (const label of ['Socket', 'Cores', 'Threads', 'Boost clock (GHz)', 'TDP (W)', 'Integrated graphics']) {
      expect(group.getByLabelText(label)).toBeTruthy();
    }
    expect(group.getByRole('group', { name: 'Memory types' })).toBeTruthy();
    expect(group.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose…',
      'AM4',
      'AM5',
      'LGA1200',
      'LGA1700',
      'LGA1851',
    ]);
  });

  it("says what is wrong with the kind's specs, next to each field, and sends nothing", async () => {
    renderRoute(<AddProductForm />);
    fillCatalogFields();
    change('Kind', 'cpu');
    change('Cores', '8.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Cores must be a whole number')).toBeTruthy();
    expect(screen.getByText(/^Socket must be one of AM4/)).toBeTruthy();
    expect(screen.getByText('Threads is required')).toBeTruthy();
    expect(screen.getByText('Memory types is required')).toBeTruthy();
    expect(screen.getByLabelText('Cores').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends exactly the specs of the kind shown, even after another kind was filled in', async () => {
    fetchMock.mockResolvedValue(json({ acknowledged: true, insertedId: '0190a8b2-0000-7000-8000-000000000001' }, 201));
    renderRoute(<AddProductForm />);
    fillCatalogFields();
    change('Kind', 'gpu');
    change('Length (mm)', '300');
    change('Kind', 'cpu');
    change('Socket', 'AM5');
    change('Cores', '8');
    change('Threads', '16');
    change('Boost clock (GHz)', '5.4');
    change('TDP (W)', '105');
    fireEvent.click(screen.getByLabelText('Integrated graphics'));
    fireEvent.click(screen.getByLabelText('DDR5'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.partsAdded));
    expect(sentBody()).toMatchObject({
      kind: 'cpu',
      specs: {
        socket: 'AM5',
        cores: 8,
        threads: 16,
        boostClockGhz: 5.4,
        tdpW: 105,
        integratedGraphics: true,
        memoryTypes: ['DDR5'],
      },
    });
  });

  it("shows a cooler's height for air and its radiator for liquid", () => {
    renderRoute(<AddProductForm />);
    change('Kind', 'cooling');
    change('Type', 'air');
    expect(screen.getByLabelText('Height (mm)')).toBeTruthy();
    expect(screen.queryByLabelText('Radiator (mm)')).toBeNull();
    change('Type', 'liquid');
    expect(screen.getByLabelText('Radiator (mm)')).toBeTruthy();
    expect(screen.queryByLabelText('Height (mm)')).toBeNull();
  });
});
