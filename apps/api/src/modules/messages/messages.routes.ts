import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactMessageSchema,
  inboxMessageSchema,
  messageReadSchema,
  messageReplySchema,
  unreadMessagesSchema,
} from '@parts-shop/shared/contact-message';
import { idSchema } from '@parts-shop/shared/fields';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { insertedSchema } from '@parts-shop/shared/part';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { toInboxMessage } from '#api/domain/messages/inbox-message.ts';
import { callerOf } from '#api/lib/auth.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { inboxPage, markRead, recentMessages, replyTo, storeMessage, unreadCount } from './messages.service.ts';

const storedMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

export const messagesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.post(
    '/messages',
    {
      config: writeLimit(config),
      schema: {
        tags: ['messages'],
        summary: 'Send a message from the contact form',
        body: contactMessageSchema,
        response: { 201: insertedSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      const insertedId = await storeMessage(db, request.body);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.get(
    '/messages',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['messages'],
        summary: 'The latest contact messages (admin)',
        security: [{ bearer: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(100) }).strict(),
        response: { 200: z.array(storedMessageSchema), ...errorAnswers(401, 403) },
      },
    },
    async (request) => recentMessages(db, request.query.limit),
  );

  const messageParams = z.object({ id: idSchema });
  const admin = { preValidation: guards.admin };

  app.get(
    '/admin/messages',
    {
      ...admin,
      schema: {
        tags: ['messages'],
        summary: "The admins' inbox: contact messages, newest first, with read state and reply (paged with Link)",
        querystring: pageQuerySchema,
        response: { 200: z.array(inboxMessageSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await inboxPage(db, limit, decodeCursor(cursor));
      return pageOf(rows, limit, request, reply).map(toInboxMessage);
    },
  );

  app.get(
    '/admin/messages/unread',
    {
      ...admin,
      schema: {
        tags: ['messages'],
        summary: 'How many contact messages no admin has opened yet',
        response: { 200: unreadMessagesSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => unreadCount(db),
  );

  app.patch(
    '/admin/messages/:id',
    {
      ...admin,
      config: writeLimit(config),
      schema: {
        tags: ['messages'],
        summary: 'Mark a contact message read or unread',
        params: messageParams,
        body: messageReadSchema,
        response: { 200: inboxMessageSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request) => markRead(db, callerOf(request), request.params.id, request.body.read),
  );

  app.post(
    '/admin/messages/:id/reply',
    {
      ...admin,
      config: writeLimit(config),
      schema: {
        tags: ['messages'],
        summary: 'Reply to a contact message: emailed to the address it came from, once, and kept on the message',
        params: messageParams,
        body: messageReplySchema,
        response: { 201: inboxMessageSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const answered = await replyTo(db, callerOf(request), request.params.id, request.body.text);
      return reply.code(201).send(answered);
    },
  );
};
