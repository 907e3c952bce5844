import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import { inboxMessageSchema, type InboxMessage } from '@parts-shop/shared/contact-message';
import { apiSend, type Page } from '#web/lib/api-client.ts';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const INBOX_PAGE = 25;

export function useInbox() {
  return usePagedList({
    queryKey: queryKeys.messages.inbox,
    firstPage: `/admin/messages?limit=${INBOX_PAGE}`,
    schema: z.array(inboxMessageSchema),
    // New messages arrive from the contact form at any time: read again on each visit.
    staleTime: 0,
  });
}

/**
 * The API answers the changed message: it replaces the one in the loaded pages, so the rest of the inbox is not read
 * again, and the unread count is.
 */
function useMessageMutation<V>(send: (vars: V) => Promise<InboxMessage>) {
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

export function useMarkRead() {
  return useMessageMutation(({ id, read }: { id: string; read: boolean }) =>
    apiSend('PATCH', `/admin/messages/${encodeURIComponent(id)}`, inboxMessageSchema, { read }),
  );
}

export function useReply() {
  return useMessageMutation(({ id, text }: { id: string; text: string }) =>
    apiSend('POST', `/admin/messages/${encodeURIComponent(id)}/reply`, inboxMessageSchema, { text }),
  );
}
