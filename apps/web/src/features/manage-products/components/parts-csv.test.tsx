import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportRow } from '@parts-shop/shared/part-import';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { PartsCsv } from './parts-csv.tsx';
import { fetchMock, json, stubApi, urlOf } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

function chooseFile(text: string) {
  const input = screen.getByLabelText('Import a CSV file');
  fireEvent.change(input, { target: { files: [new File([text], 'parts.csv', { type: 'text/csv' })] } });
}

const FILE = 'name,kind,price,available,minOrder,lowStockAt,description,img\nNew,other,1,1,1,,d,/x.svg\n';

beforeEach(() => {
  stubApi();
  vi.mocked(toastSuccess).mockClear();
  vi.mocked(toastError).mockClear();
});

describe('Import on Manage Products', () => {
  it('previews the file with the dry run, row by row, then applies it', async () => {
    const rows: ImportRow[] = [
      { row: 2, action: 'create', name: 'New', changes: [], errors: [] },
      {
        row: 3,
        action: 'update',
        name: 'Ryzen 5',
        changes: [{ field: 'price', before: '199.99', after: '149.5' }],
        errors: [],
      },
      { row: 4, action: 'unchanged', name: 'Same', changes: [], errors: [] },
    ];
    fetchMock.mockResolvedValueOnce(json({ rows })).mockResolvedValueOnce(json({ rows }));
    renderRoute(<PartsCsv />);
    chooseFile(FILE);
    const table = await screen.findByRole('table', { name: 'Preview of parts.csv' });
    expect(within(table).getByRole('rowheader', { name: '2' }).closest('tr')?.textContent).toContain('New part');
    expect(within(table).getByRole('rowheader', { name: '3' }).closest('tr')?.textContent).toContain(
      'Ryzen 5Updateprice: 199.99 → 149.5',
    );
    expect(screen.getByRole('status').textContent).toContain('3 rows: 2 to import, 1 unchanged.');
    const [previewUrl, previewInit] = fetchMock.mock.calls[0] ?? [];
    expect(urlOf(previewUrl ?? '')).toBe('/api/parts/import?dryRun=true');
    expect(previewInit).toMatchObject({ method: 'POST', body: FILE });
    expect(new Headers(previewInit?.headers).get('Content-Type')).toBe('text/csv');

    fireEvent.click(screen.getByRole('button', { name: 'Apply import' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Imported 2 products'));
    expect(urlOf(fetchMock.mock.calls[1]?.[0] ?? '')).toBe('/api/parts/import');
  });

  it('lists bad rows with their fields and offers no Apply', async () => {
    fetchMock.mockResolvedValueOnce(
      json({
        rows: [
          { row: 2, action: 'create', name: 'New', changes: [], errors: [] },
          {
            row: 3,
            action: 'create',
            name: 'Other',
            changes: [],
            errors: [{ field: 'price', message: 'Price must be more than 0' }],
          },
        ],
      }),
    );
    renderRoute(<PartsCsv />);
    chooseFile(FILE);
    expect((await screen.findByText('price: Price must be more than 0')).tagName).toBe('LI');
    expect(screen.getByRole('status').textContent).toContain('1 of 2 rows need fixing');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Apply import' }).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a conflict with what it would undo, and applies it only when the owner chooses to overwrite', async () => {
    const rows: ImportRow[] = [
      {
        row: 2,
        action: 'conflict',
        name: 'Sold CPU',
        changes: [{ field: 'available', before: '90', after: '95' }],
        errors: [],
      },
    ];
    fetchMock.mockResolvedValueOnce(json({ rows })).mockResolvedValueOnce(json({ rows }));
    renderRoute(<PartsCsv />);
    chooseFile(FILE);
    const table = await screen.findByRole('table', { name: 'Preview of parts.csv' });
    expect(within(table).getByRole('rowheader', { name: '2' }).closest('tr')?.textContent).toContain(
      '2Sold CPUConflictavailable: 90 → 95Changed in the shop since this file was exported',
    );
    expect(screen.getByRole('status').textContent).toContain(
      '1 part has changed in the shop since this file was exported.',
    );
    const apply = screen.getByRole<HTMLButtonElement>('button', { name: 'Apply import' });
    expect(apply.disabled).toBe(true);
    fireEvent.click(
      screen.getByRole('checkbox', { name: "Overwrite the shop's changes since the export with this file" }),
    );
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Imported 1 products'));
    expect(urlOf(fetchMock.mock.calls[1]?.[0] ?? '')).toBe('/api/parts/import?overwrite=true');
  });
});
