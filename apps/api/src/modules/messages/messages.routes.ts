import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema } from '@parts-shop/shared/message';
import { insertedSchema } from '@parts-shop/shared/part';
import type { Deps } from '../../lib/deps.ts';
import { writeLimit } from '../../lib/deps.ts';
import { errorAnswers } from '../../lib/http-error.ts';
import { recentMessages, storeMessage } from './messages.service.ts';

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
};
