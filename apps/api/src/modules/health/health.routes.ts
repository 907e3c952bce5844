import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '#api/deps.ts';
import { errorAnswers, HttpError } from '#api/lib/http-error.ts';
import { checkReadiness } from '#api/operations/readiness.ts';

const check = z.looseObject({ ok: z.boolean(), error: z.string().optional() });
/** `workers`: worker processes seen in the last minute (docs/deploy.md#roles). */
const publicReadiness = z.object({ ready: z.boolean(), workers: z.number().int() });
/** What admins learn besides: which check fails and why, and the outbox's backlog. */
const readiness = z.object({
  ready: z.boolean(),
  failing: z.array(z.string()),
  checks: z.object({ database: check, migrations: check, outbox: check }),
  workers: z.number().int(),
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const healthRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process runs and answers',
        response: { 200: z.object({ ok: z.boolean() }) },
      },
    },
    async () => ({ ok: true }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness for a load balancer: {ready, workers}; 503 while the database, migrations or outbox fail, or stopping',
        description: 'Which check fails and why is for admins: GET /api/admin/ready.',
        response: { 200: publicReadiness, 503: publicReadiness },
      },
    },
    async (_request, reply) => {
      const { ready, workers } = await checkReadiness(deps.db, deps.lifecycle, deps.mailWorker ? 'running' : 'off');
      return reply.code(ready ? 200 : 503).send({ ready, workers });
    },
  );

  app.get(
    '/admin/ready',
    {
      preValidation: deps.guards.admin,
      schema: {
        tags: ['health'],
        summary: "Readiness's details (admin): each check (database, migrations, outbox backlog) with its error",
        security: [{ bearer: [] }],
        response: { 200: readiness, 503: readiness, ...errorAnswers(401, 403) },
      },
    },
    async (_request, reply) => {
      const answer = await checkReadiness(deps.db, deps.lifecycle, deps.mailWorker ? 'running' : 'off');
      return reply.code(answer.ready ? 200 : 503).send(answer);
    },
  );

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (bearer METRICS_TOKEN; required in production)',
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const token = deps.config.METRICS_TOKEN;
      if (!token && deps.config.isProduction) {
        throw new HttpError(403, 'Metrics are off: set METRICS_TOKEN and send it as a bearer token');
      }
      if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
        throw new HttpError(401, 'Send METRICS_TOKEN as a bearer token to read the metrics');
      }
      const { contentType, body } = await deps.metrics.render();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
};
