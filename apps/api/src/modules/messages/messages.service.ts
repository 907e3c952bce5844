import type { ContactMessage, InboxMessage } from '@parts-shop/shared/contact-message';
import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Db } from '#api/db/client.ts';
import { recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import { queueEmail } from '#api/domain/emails/outbox.repo.ts';
import { toInboxMessage } from '#api/domain/messages/inbox-message.ts';
import { conflict, notFound } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import {
  countUnread,
  insertMessage,
  latestMessages,
  lockMessage,
  messageById,
  recordReply,
  setRead,
  type MessageRow,
} from './messages.repo.ts';

export async function storeMessage(db: Db, input: ContactMessage): Promise<string> {
  const id = newId();
  await insertMessage(db, { id, ...input });
  return id;
}

export async function recentMessages(db: Db, limit: number) {
  const rows = await latestMessages(db, limit);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}

export function inboxPage(db: Db, limit: number, before?: string): Promise<MessageRow[]> {
  return latestMessages(db, limit + 1, before);
}

export async function unreadCount(db: Db): Promise<{ unread: number }> {
  return { unread: await countUnread(db) };
}

/** Marks a message read or unread; a change of its state is recorded, a repeat is not. */
export async function markRead(db: Db, caller: Actor, id: string, read: boolean): Promise<InboxMessage> {
  const row = await db.transaction(async (tx) => {
    const was = await lockMessage(tx, id);
    if (!was) throw notFound(apiMessages.messageNotFound);
    const now = await setRead(tx, id, read);
    if (!now) throw notFound(apiMessages.messageNotFound);
    if ((was.readAt !== null) !== read) {
      await recordChange(tx, caller, {
        kind: 'message.read',
        entity: 'message',
        entityId: id,
        before: { read: !read },
        after: { read },
      });
    }
    return now;
  });
  return toInboxMessage(row);
}

export async function replyTo(db: Db, caller: Actor, id: string, text: string): Promise<InboxMessage> {
  const row = await db.transaction(async (tx) => {
    const replied = await recordReply(tx, id, text, caller.email);
    if (!replied) {
      throw (await messageById(tx, id))
        ? conflict(apiMessages.messageAlreadyReplied)
        : notFound(apiMessages.messageNotFound);
    }
    await queueEmail(tx, replied.email, {
      kind: 'message-reply',
      messageId: replied.id,
      sentAt: replied.createdAt.toISOString(),
      reply: text,
    });
    await recordChange(tx, caller, {
      kind: 'message.reply',
      entity: 'message',
      entityId: replied.id,
      before: { reply: null },
      after: { reply: text, to: replied.email },
    });
    return replied;
  });
  return toInboxMessage(row);
}
