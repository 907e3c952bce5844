import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async () => {
      await ping(deps.db);
      return { ok: true };
    },
  );
};
