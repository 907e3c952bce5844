import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressBookSchema } from '@parts-shop/shared/checkout';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** DELETE /addresses/{id}: gone from the book; if it was the default, the server names another. The book back. */
export function useDeleteAddress(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/addresses/${encodeURIComponent(id)}`, addressBookSchema),
    onSuccess: (book) => queryClient.setQueryData(queryKeys.addresses(email), book),
    // A refusal may mean the book changed elsewhere (another tab): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(email) }),
  });
}
