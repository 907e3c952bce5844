import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxReportSchema } from '@parts-shop/shared/checkout';
import { apiGet, request, textAnswer } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const reportPath = (month: string, csv: boolean) =>
  `/reports/tax?month=${encodeURIComponent(month)}${csv ? '&format=csv' : ''}`;

/** GET /reports/tax?month=YYYY-MM (admin): the month's paid orders, goods, shipping and tax by country and region. */
export function useTaxReport(month: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.taxReport(month),
      queryFn: ({ signal }) => apiGet(reportPath(month, false), taxReportSchema, signal),
      enabled: month !== '',
    }),
  );
}

/** The same month as CSV, read with the admin's token (a plain link would carry none) and saved as a file. */
export async function downloadTaxReport(month: string): Promise<void> {
  const { data } = await request(reportPath(month, true), { schema: textAnswer });
  const url = URL.createObjectURL(new Blob([data], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `tax-report-${month}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
