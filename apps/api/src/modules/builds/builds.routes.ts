import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchOrderResponseSchema,
  batchOrderSchema,
  buildCheckRequestSchema,
  buildCheckSchema,
  buildPatchSchema,
  newBuildSchema,
  publicBuildCardSchema,
  publicBuildSchema,
  galleryBrandsSchema,
  galleryQuerySchema,
  publishBuildSchema,
  savedBuildSchema,
} from '@parts-shop/shared/build';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { deletedSchema } from '@parts-shop/shared/part';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { answerOnce, idempotencyHeaders } from '#api/lib/idempotency-key.ts';
import { expireOverdueOrders } from '#api/domain/unpaid-orders/expire-unpaid-orders.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { checkBuildItems } from '#api/domain/catalog/build-check.ts';
import { placeBuildOrder } from './build-orders.ts';
import { placementRules } from '#api/domain/orders/place-orders.ts';
import { buildNotFound, changeBuild, getBuild, pageOfBuilds, removeBuild, saveBuild } from './builds.service.ts';
import {
  copyPublicBuild,
  galleryBrands,
  decodePublicCursor,
  encodePublicCursor,
  pageOfPublicBuilds,
  publishBuild,
  readPublicBuild,
  unpublishBuild,
} from './public-builds.service.ts';

const parseBuildId = (id: string) => parseIdOr(id, buildNotFound);

export const buildsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, publicReads, guards, config, payments } = deps;
  const placement = placementRules(config, payments);

  app.post(
    '/builds/check',
    {
      // Public, but each check reads the catalog: limited per client like a write.
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Check a build: compatibility problems, estimated draw, server prices and total',
        body: buildCheckRequestSchema,
        response: { 200: buildCheckSchema, ...errorAnswers(400, 404, 429) },
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
          'Refuses a build that would take the caller past the unpaid-order cap (409, every line is ' +
          'an order), one with compatibility errors (400), a quantity below a part minimum (400) ' +
          'and, naming every short part, a line the stock cannot cover (409). An Idempotency-Key ' +
          'header makes a retry answer the first orders instead of placing more.',
        security: [{ bearer: [] }],
        headers: idempotencyHeaders,
        body: batchOrderSchema,
        response: { 201: batchOrderResponseSchema, ...errorAnswers(400, 401, 403, 404, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(
        db,
        request,
        reply,
        (tx) => placeBuildOrder(tx, placement, callerOf(request), request.body),
        () => expireOverdueOrders(db, placement.gateway, placement.hold, { email: callerOf(request).email }),
      );
      return reply.code(201).send(answer);
    },
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
        response: { 200: z.array(savedBuildSchema), ...errorAnswers(400, 401, 403, 404, 409) },
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
        params: idParams,
        response: { 200: savedBuildSchema, ...errorAnswers(400, 401, 403, 404, 409) },
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
        response: { 201: savedBuildSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
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
        params: idParams,
        body: buildPatchSchema,
        response: { 200: savedBuildSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
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
        params: idParams,
        response: { 200: deletedSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      await removeBuild(db, callerOf(request), parseBuildId(request.params.id));
      return { acknowledged: true, deletedCount: 1 };
    },
  );
  app.post(
    '/builds/:id/publish',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Publish a saved build under a title: anyone may then read it at /builds/{id}',
        description: 'Publishing again changes the title and keeps the moment it first went public.',
        security: [{ bearer: [] }],
        params: idParams,
        body: publishBuildSchema,
        response: { 200: savedBuildSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => publishBuild(db, callerOf(request), parseBuildId(request.params.id), request.body.title),
  );

  app.delete(
    '/builds/:id/publish',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Take a published build private again: its page and gallery card answer 404',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: savedBuildSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => unpublishBuild(db, callerOf(request), parseBuildId(request.params.id)),
  );

  app.get(
    '/builds/public',
    {
      schema: {
        tags: ['builds'],
        summary: 'Published builds, newest published first: title, total, part count and picture',
        description:
          "minPrice and maxPrice (dollars) bound the build's total at today's prices; cpuBrand and gpuBrand keep " +
          'builds with a processor or graphics card by that maker (case aside).',
        querystring: galleryQuerySchema,
        response: { 200: z.array(publicBuildCardSchema), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, ...filters } = request.query;
      const cards = await pageOfPublicBuilds(publicReads, limit, decodePublicCursor(cursor), filters);
      return pageOf(cards, limit, request, reply, encodePublicCursor);
    },
  );

  app.get(
    '/builds/public/brands',
    {
      schema: {
        tags: ['builds'],
        summary: 'The processor and graphics card makers in published builds, for the gallery’s filters',
        response: { 200: galleryBrandsSchema },
      },
    },
    async () => galleryBrands(publicReads),
  );

  app.get(
    '/builds/public/:id',
    {
      schema: {
        tags: ['builds'],
        summary: 'One published build with its parts at today’s prices; a private or unknown one is 404',
        params: idParams,
        response: { 200: publicBuildSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => readPublicBuild(publicReads, parseBuildId(request.params.id)),
  );

  app.post(
    '/builds/public/:id/copy',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['builds'],
        summary: 'Start from a published build: save its parts as a new build of the caller’s',
        description: 'On the caller’s own build nothing is copied: it answers 200 with that build, to open it.',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: savedBuildSchema, 201: savedBuildSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { copied, build } = await copyPublicBuild(db, callerOf(request), parseBuildId(request.params.id));
      return reply.code(copied ? 201 : 200).send(build);
    },
  );
};
