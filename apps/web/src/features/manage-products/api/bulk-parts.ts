import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkPartsAnswerSchema, type BulkPartsAnswer } from '@parts-shop/shared/part-bulk';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type BulkAction =
  | { action: 'price'; ids: string[]; percent: number }
  | { action: 'stock'; ids: string[]; available: number }
  | { action: 'delete'; ids: string[] };

export function applyBulkAction({ action, ...body }: BulkAction): Promise<BulkPartsAnswer> {
  return apiSend('POST', `/parts/bulk/${action}`, bulkPartsAnswerSchema, body);
}

export function useBulkParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBulkAction,
    // Refused or not, the lists are read again: a refusal may name a part someone else changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, refetchType: 'all' }),
  });
}
