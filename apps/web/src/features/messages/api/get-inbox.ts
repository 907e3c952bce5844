import { z } from 'zod';
import { inboxMessageSchema } from '@parts-shop/shared/contact-message';
import { usePagedList } from '#web/lib/paged-list.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const INBOX_PAGE = 25;

/** GET /admin/messages */
export function useInbox() {
  return usePagedList({
    queryKey: queryKeys.messages.inbox,
    firstPage: `/admin/messages?limit=${INBOX_PAGE}`,
    schema: z.array(inboxMessageSchema),
    // New messages arrive from the contact form at any time: read again on each visit.
    staleTime: 0,
  });
}
