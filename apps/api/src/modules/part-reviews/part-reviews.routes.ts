import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { insertedSchema } from '@parts-shop/shared/part';
import { newPartReviewSchema, partReviewSchema, ratingEligibilitySchema } from '@parts-shop/shared/part-review';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers, notFound } from '#api/lib/http-error.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { pageOfPartReviews, ratePart, ratingEligibility } from './part-reviews.service.ts';

const parseId = (id: string) => parseIdOr(id, () => notFound(apiMessages.partNotFound));

export const partReviewsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.get(
    '/parts/:id/reviews',
    {
      schema: {
        tags: ['parts'],
        summary: "Buyers' ratings of one part, newest first, paged with limit and cursor",
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: z.array(partReviewSchema), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await pageOfPartReviews(deps.publicReads, parseId(request.params.id), limit, decodeCursor(cursor));
      return pageOf(rows, limit, request, reply);
    },
  );

  app.get(
    '/parts/:id/reviews/eligibility',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['parts'],
        summary: 'Whether you may rate this part, and if not, why (signed in)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: ratingEligibilitySchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => ratingEligibility(db, parseId(request.params.id), callerOf(request).email),
  );

  app.post(
    '/parts/:id/reviews',
    {
      // Before validation: a stranger hears 401, never the schema's 400.
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Rate a part you bought and paid for, once (signed in, verified email)',
        security: [{ bearer: [] }],
        params: idParams,
        body: newPartReviewSchema,
        response: { 201: insertedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const insertedId = await ratePart(db, id, request.body, callerOf(request).email);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );
};
