import { useUnreadMessages } from '../api/inbox.ts';

/** The admin menu's count of unopened messages, part of the Messages link's name ("Messages 3 unread"). */
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
