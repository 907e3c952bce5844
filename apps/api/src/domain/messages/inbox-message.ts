import type { InboxMessage } from '@parts-shop/shared/contact-message';
import type { contactMessages } from '#api/db/schema.ts';

/** A contact message as the admins read it: in the inbox and on its sender's customer page. */
export function toInboxMessage(r: typeof contactMessages.$inferSelect): InboxMessage {
  return {
    _id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
    reply:
      r.reply !== null && r.repliedBy !== null && r.repliedAt !== null
        ? { text: r.reply, by: r.repliedBy, at: r.repliedAt.toISOString() }
        : null,
  };
}
