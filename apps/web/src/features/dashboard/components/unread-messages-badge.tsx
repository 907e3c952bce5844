import { useQuery } from '@tanstack/react-query';
import { unreadMessagesSchema } from '@parts-shop/shared/contact-message';
import { apiGet } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

function useUnreadMessages() {
  return useQuery({
    queryKey: queryKeys.messages.unread,
    queryFn: ({ signal }) => apiGet('/admin/messages/unread', unreadMessagesSchema, signal),
  });
}

export function UnreadMessagesBadge() {
  const unread = useUnreadMessages().data?.unread ?? 0;
  if (unread === 0) return null;
  // The badge shows the count; the link's name reads it as words of its own.
  return (
    <>
      {' '}
      <span className="badge badge-sm badge-primary" aria-hidden="true">
        {unread}
      </span>
      <span className="sr-only">{`${unread} unread`}</span>
    </>
  );
}
