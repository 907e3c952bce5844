import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** DELETE /reviews/{id} (admin): moderation. */
export function deleteReview(id: string) {
  return apiSend('DELETE', `/reviews/${encodeURIComponent(id)}`, deletedSchema);
}

/** Deletes a review, then refreshes every list of reviews (Home's and All Reviews). */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
