import { useMutation } from '@tanstack/react-query';
import type { OrderTab } from '@parts-shop/shared/order';
import { request, textAnswer } from '#web/lib/api-client.ts';
import { searchParams, type OrderFilters } from './get-all-orders.ts';

/** The file name the server gives (Content-Disposition), or a plain one. */
function fileNameOf(response: Response): string {
  const named = /filename="([\w.-]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return named ?? 'orders.csv';
}

/**
 * GET /allorders/export.csv: the request carries the admin's token, so a plain link cannot fetch it; the answer is
 * saved through a temporary object URL instead.
 */
export function useExportOrders() {
  return useMutation({
    mutationFn: async ({ tab, filters }: { tab: OrderTab; filters: OrderFilters }) => {
      const { data, response } = await request(`/allorders/export.csv${searchParams({ status: tab, ...filters })}`, {
        schema: textAnswer,
      });
      const url = URL.createObjectURL(new Blob([data], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      return { truncated: response.headers.get('X-Export-Truncated') === 'true' };
    },
  });
}
