import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@parts-shop/shared/error';
import { idSchema } from '@parts-shop/shared/fields';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { deletedSchema, insertedSchema, newPartSchema, partSchema } from '@parts-shop/shared/part';
import { expireOverdueOrders } from '../../domain/unpaid-orders/expire-unpaid-orders.ts';
import type { Deps } from '../../lib/deps.ts';
import { writeLimit } from '../../lib/deps.ts';
import { notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/paging.ts';
import { createPart, getPart, pageOfParts, removePart } from './parts.service.ts';

const idParams = z.object({ id: z.string().max(100) });

function parseId(id: string): string {
  if (!idSchema.safeParse(id).success) throw notFound('Part not found');
  return id;
}

export const partsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config, payments } = deps;

  app.get(
    '/parts',
    {
      schema: {
        tags: ['parts'],
        summary: 'Every part, newest first, paged with limit and cursor',
        querystring: pageQuerySchema,
        response: { 200: z.array(partSchema), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await pageOfParts(db, limit, decodeCursor(cursor));
      return pageOf(rows, limit, request, reply);
    },
  );

  app.get(
    '/parts/:id',
    {
      schema: {
        tags: ['parts'],
        summary: 'One part',
        params: idParams,
        response: { 200: partSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      // Stock held by orders past their hold goes back before the part is shown.
      await expireOverdueOrders(db, payments, config.UNPAID_HOLD_MINUTES, { partId: id });
      return getPart(db, id);
    },
  );

  app.post(
    '/parts',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Add a part (admin)',
        security: [{ bearer: [] }],
        body: newPartSchema,
        response: { 201: insertedSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const insertedId = await createPart(db, request.body);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.delete(
    '/parts/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Delete a part (admin); its orders keep their details',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await removePart(db, parseId(request.params.id));
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
