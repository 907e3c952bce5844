import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { emailField, oneLineText, requiredLongText, requiredText } from './fields.ts';
import { messages } from './ui-messages.ts';

/** The Home contact form (docs/product.md#contact-messages). */
export const contactMessageSchema = lazySchema(() =>
  z
    .object({
      name: oneLineText(messages.nameRequired, messages.nameOneLine),
      email: emailField,
      message: requiredLongText('Message is Required'),
    })
    .strict(),
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The longest reply an admin may send to a contact message. */
export const REPLY_MAX_LENGTH = 5000;

/** An admin's reply: only its text; it always goes to the address the message came from. */
export const messageReplySchema = lazySchema(() =>
  z
    .object({
      text: requiredText('Reply is Required', REPLY_MAX_LENGTH),
    })
    .strict(),
);
export type MessageReply = z.infer<typeof messageReplySchema>;

export const messageReadSchema = lazySchema(() => z.object({ read: z.boolean() }).strict());

/** A contact message as the admins' inbox shows it (docs/product.md#contact-messages). */
export const inboxMessageSchema = lazySchema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    reply: z.object({ text: z.string(), by: z.string(), at: z.string() }).nullable(),
  }),
);
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const unreadMessagesSchema = lazySchema(() => z.object({ unread: z.number().int().min(0) }));
