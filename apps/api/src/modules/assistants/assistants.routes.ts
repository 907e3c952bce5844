import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveAssistantSchema,
  approvedAssistantSchema,
  assistantMessages,
  assistantSchema,
} from '@parts-shop/shared/assistant';
import { deletedSchema } from '@parts-shop/shared/part';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers, notFound } from '#api/lib/http-error.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { approveAssistant, listAssistants, revokeAssistant } from './assistants.service.ts';

/** The AI assistants the owner approved to buy over UCP and ACP (docs/product.md#assistants); admins only. */
export const assistantsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;
  const admin = { preValidation: guards.admin };

  app.get(
    '/assistants',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The approved AI assistants, newest first, with the orders each placed and its last call (admin)',
        security: [{ bearer: [] }],
        response: { 200: z.array(assistantSchema), ...errorAnswers(401, 403) },
      },
    },
    async () => listAssistants(db),
  );

  app.post(
    '/assistants',
    {
      ...admin,
      config: writeLimit(config),
      schema: {
        tags: ['admin'],
        summary: 'Approve an AI assistant by its UCP profile address; answers its API key, shown this once (admin)',
        description: 'A profile approved already is 409: revoke it first to issue a new key.',
        security: [{ bearer: [] }],
        body: approveAssistantSchema,
        response: { 201: approvedAssistantSchema, ...errorAnswers(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send(await approveAssistant(db, callerOf(request), request.body));
    },
  );

  app.delete(
    '/assistants/:id',
    {
      ...admin,
      config: writeLimit(config),
      schema: {
        tags: ['admin'],
        summary: 'Revoke an AI assistant: its profile and its API key stop working at once (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedSchema, ...errorAnswers(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const id = parseIdOr(request.params.id, () => notFound(assistantMessages.notFound));
      await revokeAssistant(db, callerOf(request), id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
