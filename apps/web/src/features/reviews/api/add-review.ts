import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema } from '@parts-shop/shared/part';
import type { NewReview } from '@parts-shop/shared/review';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function addReview(review: NewReview) {
  return apiSend('POST', '/reviews', insertedSchema, review);
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    // Every list of reviews (Home, /allreviews) lives under one prefix; 'all' refetches the ones not on screen too,
    // so the new review is first wherever the customer goes next.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all, refetchType: 'all' });
    },
  });
}
