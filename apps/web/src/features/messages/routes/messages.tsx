import { useState, type SyntheticEvent } from 'react';
import { messageReplySchema, REPLY_MAX_LENGTH, type InboxMessage } from '@parts-shop/shared/contact-message';
import { PagedListView } from '#web/components/paged-list-view.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { useInbox } from '../api/get-inbox.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useReply } from '../api/reply.ts';
import { formatDateTime } from '#web/lib/format-date.ts';

const TITLE = 'Messages';

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {formatDateTime(at)}
    </time>
  );
}

function Reply({ message }: { message: InboxMessage }) {
  const reply = useReply();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  if (message.reply)
    return (
      <div className="rounded-box bg-base-200 p-3">
        <p className="text-sm text-base-content/70">
          Replied by <span className="break-all">{message.reply.by}</span> on <When at={message.reply.at} />
        </p>
        <p className="whitespace-pre-wrap break-words">{message.reply.text}</p>
      </div>
    );
  const send = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = messageReplySchema.safeParse({ text });
    setInvalid(checked.success ? undefined : checked.error.issues[0]?.message);
    if (checked.success) reply.mutate({ id: message._id, text: checked.data.text });
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={send} noValidate>
      <FormField
        as="textarea"
        label={`Reply to ${message.name}`}
        hint={`Emailed to ${message.email}; one reply per message, up to ${REPLY_MAX_LENGTH.toLocaleString()} characters.`}
        rows={3}
        maxLength={REPLY_MAX_LENGTH}
        value={text}
        error={invalid}
        onChange={(event) => setText(event.target.value)}
      />
      {reply.error ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(reply.error, 'The reply could not be sent')}
        </p>
      ) : null}
      <SubmitButton pending={reply.isPending} className="self-start">
        Send
      </SubmitButton>
    </form>
  );
}

function MessageCard({ message }: { message: InboxMessage }) {
  const markRead = useMarkRead();
  const unread = message.readAt === null;
  const headingId = `message-${message._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`card border bg-base-100 ${unread ? 'border-primary border-l-4' : 'border-base-300'}`}
    >
      <div className="card-body gap-3 p-4">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col">
            <h3 id={headingId} className="font-semibold break-words">
              {message.name}
            </h3>
            <span className="break-all text-sm text-base-content/70">{message.email}</span>
            <span className="text-sm text-base-content/70">
              <When at={message.createdAt} />
            </span>
          </div>
          <span className={`badge ${unread ? 'badge-primary' : 'badge-ghost'}`}>{unread ? 'Unread' : 'Read'}</span>
        </header>
        <p className="whitespace-pre-wrap break-words">{message.message}</p>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn btn-sm"
            aria-disabled={markRead.isPending || undefined}
            onClick={() => {
              if (!markRead.isPending) markRead.mutate({ id: message._id, read: unread });
            }}
          >
            {unread ? 'Mark as read' : 'Mark as unread'}
          </button>
          {markRead.error ? (
            <span role="alert" className="text-sm text-error">
              {errorMessage(markRead.error, 'Could not change the message')}
            </span>
          ) : null}
        </div>
        <Reply message={message} />
      </div>
    </article>
  );
}

export function Component() {
  useDocumentTitle(TITLE);
  const inbox = useInbox();
  return (
    <section aria-labelledby="messages-title" className="flex flex-col gap-4">
      <h2 id="messages-title" className="text-2xl font-bold">
        {TITLE}
      </h2>
      <PagedListView list={inbox} emptyText="No messages yet." noun={{ one: 'message', many: 'messages' }}>
        <ul className="flex flex-col gap-3" aria-labelledby="messages-title">
          {inbox.items.map((message) => (
            <li key={message._id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ul>
      </PagedListView>
    </section>
  );
}
