import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import type { ManagedPart } from '@parts-shop/shared/part';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { productsCaption, ProductsTable } from './products-table.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

function part(n: number, name = `Part ${n}`): ManagedPart {
  return {
    _id: `0190a8b2-0000-7000-8000-${String(n).padStart(12, '0')}`,
    name,
    brand: '',
    description: 'd',
    img: 'https://example.com/p.png',
    minOrder: 1,
    available: 3,
    price: n + 0.5,
    kind: 'other',
    specs: {},
    version: 1,
    rating: { average: 0, count: 0 },
    lowStock: false,
  };
}

/** The address's query string, where the table keeps its view. */
function Address() {
  return <output aria-label="address">{useLocation().search}</output>;
}

const productsTable = (
  <>
    <ProductsTable />
    <Address />
  </>
);

const requested = (call: number) => fetchMock.mock.calls[call]?.[0] as string | undefined;

beforeEach(() => {
  stubApi();
  vi.mocked(toastSuccess).mockClear();
  vi.mocked(toastError).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ProductsTable', () => {
  it('lists every part with no., Select, Name, Price, Stock and Option, loading further pages on request', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json([part(2, '<script>alert(1)</script>'), part(1)], 200, {
          Link: '</api/admin/parts?limit=100&cursor=abc>; rel="next"',
        }),
      )
      .mockResolvedValueOnce(json([part(0)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    const table = await screen.findByRole('table', { name: productsCaption('newest') });
    expect(requested(0)).toBe('/api/admin/parts?limit=100');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['no.', 'Select', 'Name', 'Price', 'Stock', 'Option']);
    // Typed text stays text.
    expect(within(table).getByRole('rowheader', { name: '<script>alert(1)</script>' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Delete / })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more products' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(requested(1)).toBe('/api/admin/parts?limit=100&cursor=abc');
    const lastRow = within(table).getAllByRole('row')[3];
    expect(lastRow?.textContent).toContain('3');
    expect(lastRow?.textContent).toContain('$0.50');
  });

  it('asks the API for the view in the address, and shows it in the search, Kind, Sort by and Low stock only', async () => {
    fetchMock.mockResolvedValueOnce(json([part(1)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts?q=ryzen&kind=cpu&sort=stock_asc&lowStock=true' });
    expect(await screen.findByRole('table', { name: 'Products, Stock: fewest first' })).toBeTruthy();
    expect(requested(0)).toBe('/api/admin/parts?limit=100&q=ryzen&kind=cpu&sort=stock_asc&lowStock=true');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search products by name' }).value).toBe('ryzen');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Kind' }).value).toBe('cpu');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('stock_asc');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Low stock only' }).checked).toBe(true);
  });

  it('searches, filters by kind, sorts and keeps low stock only, each kept in the address', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json([part(1)])));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products by name' }), {
      target: { value: ' fan ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requested(1)).toBe('/api/admin/parts?limit=100&q=fan'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'cooling' } });
    await waitFor(() => expect(requested(2)).toBe('/api/admin/parts?limit=100&q=fan&kind=cooling'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price_desc' } });
    await waitFor(() => expect(requested(3)).toBe('/api/admin/parts?limit=100&q=fan&kind=cooling&sort=price_desc'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    await waitFor(() =>
      expect(requested(4)).toBe('/api/admin/parts?limit=100&q=fan&kind=cooling&sort=price_desc&lowStock=true'),
    );
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
      '?q=fan&kind=cooling&sort=price_desc&lowStock=true',
    );
    expect(await screen.findByRole('table', { name: 'Products, Price: high to low' })).toBeTruthy();
  });

  it("marks the rows the server calls low on stock with 'Low stock' in words", async () => {
    fetchMock.mockResolvedValueOnce(json([{ ...part(1, 'Fan'), available: 2, lowStock: true }, part(2, 'Case')]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    const table = await screen.findByRole('table');
    const [, fanRow, caseRow] = within(table).getAllByRole('row');
    expect(within(fanRow as HTMLElement).getByText('Low stock')).toBeTruthy();
    expect(caseRow?.textContent).not.toContain('Low stock');
  });

  it('asks Are You Sure, deletes on Yes, toasts Deleted and drops the row', async () => {
    fetchMock.mockResolvedValueOnce(json([part(2), part(1)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    const deleteButton = await screen.findByRole('button', { name: 'Delete Part 2' });
    expect(deleteButton.textContent).toBe('Delete');
    fireEvent.click(deleteButton);
    const dialog = screen.getByRole('dialog', { name: messages.confirmQuestion });
    fetchMock.mockResolvedValueOnce(json({ acknowledged: true, deletedCount: 1 }));
    fetchMock.mockResolvedValue(json([part(1)]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.deleted));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`/api/parts/${part(2)._id}`);
    expect(init?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Part 2' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete Part 1' })).toBeTruthy();
  });

  it('does nothing on No', async () => {
    fetchMock.mockResolvedValueOnce(json([part(1)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Part 1' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete Part 1' })).toBeTruthy();
  });

  it('says so when the delete fails', async () => {
    fetchMock.mockResolvedValueOnce(json([part(1)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Part 1' }));
    fetchMock.mockResolvedValueOnce(json({ message: 'You do not have access to this' }, 403));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('You do not have access to this'));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete Part 1' })).toBeTruthy();
  });

  it("links Edit to the product's edit page", async () => {
    fetchMock.mockResolvedValueOnce(json([part(1)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    const edit = await screen.findByRole('link', { name: 'Edit Part 1' });
    expect(edit.getAttribute('href')).toBe(`/dashboard/editProduct/${part(1)._id}`);
  });

  it('adds stock from a small dialog, then toasts the new count', async () => {
    fetchMock.mockResolvedValueOnce(json([part(1)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add stock to Part 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Add stock to Part 1' });
    const units = within(dialog).getByLabelText('Units to add');
    fireEvent.change(units, { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Delta must be a whole number')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json({ ...part(1), available: 8 }));
    fetchMock.mockResolvedValue(json([{ ...part(1), available: 8 }]));
    fireEvent.change(units, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(`${messages.stockUpdated}: 8 in stock`));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`/api/parts/${part(1)._id}/stock`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ delta: 5 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add stock to Part 1' })).toBeNull());
  });

  it('shows the server refusing to remove more than there is, and keeps the dialog open', async () => {
    fetchMock.mockResolvedValueOnce(json([part(1)]));
    renderRoute(productsTable, { url: '/dashboard/manageproducts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add stock to Part 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Add stock to Part 1' });
    fetchMock.mockResolvedValueOnce(json({ message: 'Cannot remove 50: only 3 in stock' }, 409));
    fireEvent.change(within(dialog).getByLabelText('Units to add'), { target: { value: '-50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Cannot remove 50: only 3 in stock');
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add stock to Part 1' })).toBeTruthy();
  });
});
