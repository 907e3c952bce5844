import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** DELETE /addresses/{id}: gone from the book; if it was the default, the server names another. */
export function useDeleteAddress(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/addresses/${encodeURIComponent(id)}`, z.unknown()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(email) }),
  });
}
