import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERTS_PER_USER_MAX, alertSchema, newAlertSchema } from '@parts-shop/shared/alert';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { deletedSchema } from '@parts-shop/shared/part';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { alertNotFound, createAlert, pageOfAlerts, removeAlert } from './alerts.service.ts';

const parseAlertId = (id: string) => parseIdOr(id, alertNotFound);

export const alertsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.get(
    '/alerts',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['alerts'],
        summary: "The caller's price and stock alerts, newest first",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: z.array(alertSchema), ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await pageOfAlerts(db, callerOf(request), limit, decodeCursor(cursor));
      return pageOf(rows, limit, request, reply);
    },
  );

  app.post(
    '/alerts',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['alerts'],
        summary: 'Be emailed once when a part falls to a price or comes back in stock',
        description:
          '{partId, type: "price-below", price} (dollars, below the price now) or {partId, type: "back-in-stock"} ' +
          `(for a part out of stock, else 409). At most ${ALERTS_PER_USER_MAX} alerts may wait per customer (409 past it).`,
        security: [{ bearer: [] }],
        body: newAlertSchema,
        response: { 201: alertSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await createAlert(db, callerOf(request), request.body)),
  );

  app.delete(
    '/alerts/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['alerts'],
        summary: 'Delete one of the caller’s alerts',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedSchema, ...errorAnswers(401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      await removeAlert(db, callerOf(request), parseAlertId(request.params.id));
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
