import { useQueries } from '@tanstack/react-query';
import { formatDollars } from '@parts-shop/shared/money';
import { PART_KIND_LABELS, specRows } from '@parts-shop/shared/part-specs';
import type { Part } from '@parts-shop/shared/part';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { partQueryOptions } from '#web/lib/get-part.ts';
import { compareHref, COMPARE_MAX, idsOf, useCompareList } from '#web/lib/compare-list.ts';

type Row = { label: string; values: string[] };

/** One row per spec any of the parts has, in the order the part page lists them; a part without it shows a dash. */
function rowsOf(parts: Part[]): Row[] {
  const byLabel = new Map<string, string[]>();
  const add = (label: string, index: number, value: string) => {
    const values = byLabel.get(label) ?? parts.map(() => '—');
    values[index] = value;
    byLabel.set(label, values);
  };
  parts.forEach((part, i) => {
    add('Price', i, formatDollars(part.price));
    add('Brand', i, part.brand || '—');
    add('Kind', i, PART_KIND_LABELS[part.kind]);
    add('Availability', i, part.available > 0 ? `${part.available} in stock` : 'Out of stock');
    for (const row of specRows(part)) add(row.label, i, row.value);
  });
  return [...byLabel].map(([label, values]) => ({ label, values }));
}

/**
 * /compare?ids=a,b,c: up to four parts side by side in one table, a column per part and a
 * row per spec, rows whose values differ marked. The table scrolls inside its own box on a
 * narrow screen, so the page never does.
 */
export function Component() {
  useDocumentTitle('Compare parts');
  const [params] = useSearchParams();
  const ids = idsOf(params);
  const list = useCompareList();
  const results = useQueries({ queries: ids.map((id) => partQueryOptions(id)) });
  const parts = results.flatMap((r) => (r.data ? [r.data] : []));
  const loading = results.some((r) => r.isPending);
  const missing = results.filter((r) => r.isError).length;
  const rows = rowsOf(parts);
  const remove = (id: string) => {
    if (list.has(id)) list.toggle(id);
  };

  return (
    <section aria-labelledby="compare-title" className="min-w-0">
      <h1 id="compare-title" className="text-3xl font-bold">
        Compare parts
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">
        Up to {COMPARE_MAX} parts side by side. Rows marked “Differs” are where they are not the same.
      </p>
      {ids.length === 0 ? (
        <p>
          Nothing to compare yet: choose Compare on parts in{' '}
          <Link className="link" to="/allparts">
            All Parts
          </Link>
          .
        </p>
      ) : null}
      {missing > 0 ? <p role="alert">{missing === 1 ? 'One part' : `${missing} parts`} could not be found.</p> : null}
      {loading ? <p aria-live="polite">Loading parts…</p> : null}
      {parts.length > 0 ? (
        <div className="overflow-x-auto rounded-box border border-base-300" data-testid="compare-scroll">
          <table className="table">
            <caption className="sr-only">The parts compared, one column each</caption>
            <thead>
              <tr>
                <th scope="col">Spec</th>
                {parts.map((part) => (
                  <th key={part._id} scope="col" className="min-w-40 align-top">
                    <Link className="link font-semibold" to={`/parts/${part._id}`}>
                      {part.name}
                    </Link>
                    <div>
                      <Link
                        className="link text-xs font-normal"
                        to={compareHref(parts.filter((p) => p._id !== part._id).map((p) => p._id))}
                        onClick={() => remove(part._id)}
                        aria-label={`Remove ${part.name} from the comparison`}
                      >
                        Remove
                      </Link>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const differs = parts.length > 1 && new Set(row.values).size > 1;
                return (
                  <tr key={row.label} data-differs={differs} className={differs ? 'bg-warning/15' : undefined}>
                    <th scope="row">
                      {row.label}
                      {differs ? <span className="badge badge-warning badge-sm ml-2">Differs</span> : null}
                    </th>
                    {row.values.map((value, i) => (
                      <td key={parts[i]?._id ?? i}>{value}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
