import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressBookSchema, type PostalAddress } from '@parts-shop/shared/checkout';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type Change = { id: string; patch: PostalAddress | { isDefault: true } };

/** PATCH /addresses/{id}: the address edited, or made the default (the one before it stops being so); the book back. */
export function useChangeAddress(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: Change) =>
      apiSend('PATCH', `/addresses/${encodeURIComponent(id)}`, addressBookSchema, patch),
    onSuccess: (book) => queryClient.setQueryData(queryKeys.addresses(email), book),
    // A refusal may mean the book changed elsewhere (another tab): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(email) }),
  });
}
