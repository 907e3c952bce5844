import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { deletedSchema, insertedSchema } from '@parts-shop/shared/part';
import { newReviewSchema, reviewSchema } from '@parts-shop/shared/review';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers, notFound } from '#api/lib/http-error.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { requestOrigin } from '#api/lib/image-hosts.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { createReview, pageOfReviews, removeReview } from './reviews.service.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export const reviewsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Every review, newest first, paged with limit and cursor',
        querystring: pageQuerySchema,
        response: { 200: z.array(reviewSchema), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await pageOfReviews(deps.publicReads, limit, decodeCursor(cursor));
      return pageOf(rows, limit, request, reply);
    },
  );

  app.post(
    '/reviews',
    {
      // Before validation (and after the rate limit counts it): a stranger hears 401, never the schema's 400.
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['reviews'],
        summary: 'Add a review (signed in)',
        security: [{ bearer: [] }],
        body: newReviewSchema,
        response: { 201: insertedSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const insertedId = await createReview(db, request.body, callerOf(request).email, {
        hosts: config.IMAGE_HOSTS,
        ownOrigins: [siteOrigin(config), requestOrigin(request)],
      });
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.delete(
    '/reviews/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['reviews'],
        summary: 'Delete a review (admin): moderation',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      await removeReview(
        db,
        callerOf(request),
        parseIdOr(request.params.id, () => notFound(apiMessages.reviewNotFound)),
      );
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
