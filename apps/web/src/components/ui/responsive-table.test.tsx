import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveTable, type Column } from './responsive-table.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: 'a', name: 'Ryzen 7' },
  { id: 'b', name: 'RTX 4070' },
];

function screenWidth(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function renderTable(onDelete = vi.fn<(row: Row) => void>()) {
  const columns: Column<Row>[] = [
    { header: 'Name', cell: (row) => row.name },
    {
      header: 'Option',
      cell: (row) => (
        <button type="button" aria-label={`Delete ${row.name}`} onClick={() => onDelete(row)}>
          Delete
        </button>
      ),
    },
  ];
  renderRoute(
    <>
      <h2 id="title">Things</h2>
      <ResponsiveTable rows={rows} rowKey={(row) => row.id} columns={columns} labelledBy="title" />
    </>,
  );
  return onDelete;
}

afterEach(() => vi.unstubAllGlobals());

describe('ResponsiveTable', () => {
  it('is a numbered table on a wide screen', () => {
    screenWidth(true);
    renderTable();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['no.', 'Name', 'Option']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a list of cards on a phone, each cell under its column’s name, with the same actions once each', () => {
    screenWidth(false);
    const onDelete = renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const second = cards[1] as HTMLElement;
    expect(Array.from(second.querySelectorAll('dt')).map((dt) => dt.textContent)).toEqual(['no.', 'Name', 'Option']);
    expect(Array.from(second.querySelectorAll('dd')).map((dd) => dd.textContent)).toEqual(['2', 'RTX 4070', 'Delete']);
    expect(screen.getAllByRole('button', { name: 'Delete RTX 4070' })).toHaveLength(1);
    fireEvent.click(within(second).getByRole('button', { name: 'Delete RTX 4070' }));
    expect(onDelete).toHaveBeenCalledWith(rows[1]);
  });
});
