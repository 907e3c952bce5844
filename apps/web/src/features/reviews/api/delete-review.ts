import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function deleteReview(id: string) {
  return apiSend('DELETE', `/reviews/${encodeURIComponent(id)}`, deletedSchema);
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
