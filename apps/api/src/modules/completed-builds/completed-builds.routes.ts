import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completedBuildCardSchema,
  completedBuildSchema,
  completedBuildVisibilitySchema,
  newCompletedBuildSchema,
} from '@parts-shop/shared/completed-build';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { callerOf } from '#api/lib/auth.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import {
  completedBuildNotFound,
  pageOfCompletedBuilds,
  postCompletedBuild,
  readCompletedBuild,
  setCompletedBuildHidden,
} from './completed-builds.service.ts';

const parseId = (id: string) => parseIdOr(id, completedBuildNotFound);

export const completedBuildsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, publicReads, guards, config } = deps;

  app.post(
    '/completed-builds',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['completed-builds'],
        summary:
          'Post a shipped build order of the caller’s as a completed build, with photos and a story (once per order)',
        description:
          'Only the order’s customer, with a verified email; the order was placed from a build (POST /orders/batch), ' +
          'has shipped, and was neither cancelled nor refunded in full (409 otherwise, and for a second post). ' +
          'Photos are the addresses POST /uploads/build-photo answered.',
        security: [{ bearer: [] }],
        body: newCompletedBuildSchema,
        response: { 201: completedBuildSchema, ...errorAnswers(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await postCompletedBuild(db, callerOf(request), request.body)),
  );

  app.get(
    '/completed-builds',
    {
      schema: {
        tags: ['completed-builds'],
        summary: 'Completed builds, newest first: title, builder, first photo, part count and what was paid',
        querystring: pageQuerySchema,
        response: { 200: z.array(completedBuildCardSchema), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const cards = await pageOfCompletedBuilds(publicReads, limit, decodeCursor(cursor));
      return pageOf(cards, limit, request, reply);
    },
  );

  app.get(
    '/completed-builds/:id',
    {
      schema: {
        tags: ['completed-builds'],
        summary: 'One completed build: its story, photos and the parts its order held; a hidden or unknown one is 404',
        params: idParams,
        response: { 200: completedBuildSchema, ...errorAnswers(400, 404) },
      },
    },
    async (request) => readCompletedBuild(publicReads, parseId(request.params.id)),
  );

  app.patch(
    '/completed-builds/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['completed-builds'],
        summary: 'Hide a completed build from the gallery and its page, or show it again (admin); audited',
        security: [{ bearer: [] }],
        params: idParams,
        body: completedBuildVisibilitySchema,
        response: {
          200: z.object({ id: z.string(), hidden: z.boolean() }),
          ...errorAnswers(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => setCompletedBuildHidden(db, callerOf(request), parseId(request.params.id), request.body.hidden),
  );
};
