import { useSyncExternalStore, type ReactNode, type RefObject } from 'react';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  rowHeader?: boolean;
  className?: string;
};

type Props<T> = {
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  labelledBy?: string;
  caption?: string;
  focusRef?: RefObject<HTMLElement | null>;
};

// Tailwind's md: from here up the columns fit beside the dashboard's menu.
const WIDE = '(min-width: 48rem)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (tests, old browsers) the table is drawn.
const isWide = () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE).matches;

export function ResponsiveTable<T>({ rows, rowKey, columns, labelledBy, caption, focusRef }: Props<T>) {
  const wide = useSyncExternalStore(subscribe, isWide, () => true);
  const numbered = !columns.some((column) => column.rowHeader);
  if (!wide) {
    return (
      <ul
        ref={focusRef as RefObject<HTMLUListElement | null> | undefined}
        tabIndex={-1}
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : caption}
        className="flex flex-col gap-3 focus:outline-none"
      >
        {rows.map((row, index) => (
          <li key={rowKey(row)} className="card border border-base-300 bg-base-100 shadow-sm">
            <dl className="card-body grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 p-4 text-sm">
              <dt className="font-medium text-base-content/70">no.</dt>
              <dd>{index + 1}</dd>
              {columns.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="font-medium text-base-content/70">{column.header}</dt>
                  <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table
        ref={focusRef as RefObject<HTMLTableElement | null> | undefined}
        tabIndex={-1}
        aria-labelledby={labelledBy}
        className="table table-zebra table-sm focus:outline-none md:table-md"
      >
        {caption ? <caption className="px-4 pt-3 text-left text-sm text-base-content/70">{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">no.</th>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)}>
              {numbered ? <th scope="row">{index + 1}</th> : <td>{index + 1}</td>}
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
