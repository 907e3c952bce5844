import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { countryName } from '@parts-shop/shared/checkout';
import { formatDollars } from '@parts-shop/shared/money';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { toastError } from '#web/lib/toast.ts';
import { downloadTaxReport, useTaxReport } from '../api/tax-report.ts';

/** This month in the browser's calendar, "2026-12": the report a filing usually starts from. */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * /dashboard/tax-report?month=YYYY-MM: a month's paid orders by country and region, net of refunds, with the goods,
 * shipping and tax the owner files (docs/product.md#shipping-and-taxes); the same as CSV.
 */
export function Component() {
  useDocumentTitle('Tax Report');
  const monthId = useId();
  const [search, setSearch] = useSearchParams();
  const month = search.get('month') ?? thisMonth();
  const report = useTaxReport(month);
  const [downloading, setDownloading] = useState(false);
  const rows = report.data?.rows ?? [];

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTaxReport(month);
    } catch (error) {
      toastError(errorMessage(error, 'The CSV could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="tax-report-title" className="flex flex-col gap-4">
      <h2 id="tax-report-title" className="text-2xl font-bold">
        Tax Report
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={monthId} className="text-sm font-medium">
            Month
          </label>
          <input
            id={monthId}
            type="month"
            className="input"
            value={month}
            onChange={(event) => {
              if (event.target.value) setSearch({ month: event.target.value }, { replace: true });
            }}
          />
        </div>
        <button type="button" className="btn btn-outline" disabled={downloading} onClick={() => void download()}>
          Download CSV
        </button>
      </div>
      <ListStatus
        isPending={report.isPending}
        error={report.error}
        isEmpty={rows.length === 0}
        emptyText="No paid orders in this month."
        onRetry={() => void report.refetch()}
      >
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm md:table-md" aria-labelledby="tax-report-title">
            <caption className="px-4 pt-3 text-left text-sm text-base-content/70">
              Paid orders of {month} by destination, net of refunds
            </caption>
            <thead>
              <tr>
                <th scope="col">Place</th>
                <th scope="col" className="text-right">
                  Orders
                </th>
                <th scope="col" className="text-right">
                  Goods
                </th>
                <th scope="col" className="text-right">
                  Shipping
                </th>
                <th scope="col" className="text-right">
                  Tax
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.country}-${row.region}`}>
                  <th scope="row" className="font-normal">
                    {countryName(row.country)}
                    {row.region ? `, ${row.region}` : ''}
                  </th>
                  <td className="text-right">{row.orders}</td>
                  <td className="text-right">{formatDollars(row.goods)}</td>
                  <td className="text-right">{formatDollars(row.shipping)}</td>
                  <td className="text-right">{formatDollars(row.tax)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStatus>
    </section>
  );
}
