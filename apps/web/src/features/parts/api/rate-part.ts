import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema } from '@parts-shop/shared/part';
import type { NewPartReview } from '@parts-shop/shared/part-review';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useRatePart(partId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewPartReview) =>
      apiSend('POST', `/parts/${encodeURIComponent(partId)}/reviews`, insertedSchema, review),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
    },
  });
}
