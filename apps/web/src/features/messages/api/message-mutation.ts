import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { InboxMessage } from '@parts-shop/shared/contact-message';
import type { Page } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * The API answers the changed message: it replaces the one in the loaded pages, so the rest of the inbox is not read
 * again, and the unread count is.
 */
export function useMessageMutation<V>(send: (vars: V) => Promise<InboxMessage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (changed) => {
      queryClient.setQueryData<InfiniteData<Page<InboxMessage>>>(queryKeys.messages.inbox, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item._id === changed._id ? changed : item)),
              })),
            }
          : data,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread });
    },
  });
}
