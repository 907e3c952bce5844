import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importAnswerSchema } from '@parts-shop/shared/part-import';
import { request } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * POST /parts/import (admin): with dryRun, what the file would do; without, does it, over the shop's later changes
 * too when the owner chose to overwrite them.
 */
export async function importPartsCsv({
  text,
  dryRun,
  overwrite = false,
}: {
  text: string;
  dryRun: boolean;
  overwrite?: boolean;
}) {
  const query = [dryRun ? 'dryRun=true' : '', overwrite ? 'overwrite=true' : ''].filter(Boolean).join('&');
  const path = `/parts/import${query ? `?${query}` : ''}`;
  const answer = await request(path, { method: 'POST', schema: importAnswerSchema, file: { text, type: 'text/csv' } });
  return answer.data.rows;
}

export function useImportPartsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPartsCsv,
    onSuccess: (_rows, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, refetchType: 'all' });
    },
  });
}
