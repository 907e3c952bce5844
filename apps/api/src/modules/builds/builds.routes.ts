import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchOrderResponseSchema,
  batchOrderSchema,
  buildCheckRequestSchema,
  buildCheckSchema,
  buildPatchSchema,
  newBuildSchema,
  savedBuildSchema,
} from '@parts-shop/shared/build';
import { apiErrorSchema } from '@parts-shop/shared/error';
import { idSchema } from '@parts-shop/shared/fields';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { deletedSchema } from '@parts-shop/shared/part';
import { callerOf } from '../../lib/auth.ts';
import type { Deps } from '../../lib/deps.ts';
import { writeLimit } from '../../lib/deps.ts';
import { decodeCursor, pageOf } from '../../lib/paging.ts';
import { checkBuildItems } from './build-check.ts';
import { placeBuildOrder } from './build-orders.ts';
import { buildNotFound, changeBuild, getBuild, pageOfBuilds, removeBuild, saveBuild } from './builds.service.ts';

const buildIdParams = z.object({ id: z.string().max(100) });

/** A malformed id names no build: 404, before it reaches the database. */
function parseBuildId(id: string): string {
  if (!idSchema.safeParse(id).success) throw buildNotFound();
  return id;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const buildsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.post(
    '/builds/check',
    {
      // Public, but each check reads the catalog: limited per client like a write.
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Check a build: compatibility problems, estimated draw, server prices and total',
        body: buildCheckRequestSchema,
        response: { 200: buildCheckSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => checkBuildItems(db, request.body.items),
  );

  app.post(
    '/orders/batch',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Order a build: one unpaid order per line, all reserved or none',
        description:
          'Refuses a build with compatibility errors (400), a quantity below a part minimum (400) ' +
          'and, naming every short part, a line the stock cannot cover (409).',
        security: [{ bearer: [] }],
        body: batchOrderSchema,
        response: { 201: batchOrderResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await placeBuildOrder(db, callerOf(request), request.body)),
  );

  app.get(
    '/builds',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['builds'],
        summary: "The caller's saved builds, newest first",
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: z.array(savedBuildSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await pageOfBuilds(db, callerOf(request), limit, decodeCursor(cursor));
      return pageOf(rows, limit, request, reply);
    },
  );

  app.get(
    '/builds/:id',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['builds'],
        summary: 'One of the caller’s saved builds',
        security: [{ bearer: [] }],
        params: buildIdParams,
        response: { 200: savedBuildSchema, ...errors },
      },
    },
    async (request) => getBuild(db, callerOf(request), parseBuildId(request.params.id)),
  );

  app.post(
    '/builds',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Save a build by name',
        security: [{ bearer: [] }],
        body: newBuildSchema,
        response: { 201: savedBuildSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await saveBuild(db, callerOf(request), request.body)),
  );

  app.patch(
    '/builds/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Rename a saved build or replace its parts',
        security: [{ bearer: [] }],
        params: buildIdParams,
        body: buildPatchSchema,
        response: { 200: savedBuildSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => changeBuild(db, callerOf(request), parseBuildId(request.params.id), request.body),
  );

  app.delete(
    '/builds/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Delete a saved build',
        security: [{ bearer: [] }],
        params: buildIdParams,
        response: { 200: deletedSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await removeBuild(db, callerOf(request), parseBuildId(request.params.id));
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
