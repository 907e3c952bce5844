import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  refundsAndReturnsSchema,
  newRefundSchema,
  newReturnSchema,
  refundSchema,
  returnDecisionSchema,
  returnListItemSchema,
  returnSchema,
  returnsQuerySchema,
} from '@parts-shop/shared/refunds';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { parseOrderId } from '#api/domain/orders/order-view.ts';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers, notFound } from '#api/lib/http-error.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { decodeCursor, pageOf } from '#api/lib/paging.ts';
import { decide, pageOfReturns, refundOrder, refundsAndReturns, requestReturn } from './refunds.service.ts';

/** Refunds and returns (docs/product.md#the-order-lifecycle). */
export const refundsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config, payments } = deps;

  app.post(
    '/orders/:id/refunds',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Refund part of a paid order (admin), at most what is left unrefunded (409 otherwise)',
        description: 'amount in dollars; restock puts units of the line back (true: all not yet back).',
        security: [{ bearer: [] }],
        params: idParams,
        body: newRefundSchema,
        response: { 201: refundSchema, ...errorAnswers(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const id = parseOrderId(request.params.id);
      return reply.code(201).send(await refundOrder(db, payments, callerOf(request), id, request.body));
    },
  );

  app.get(
    '/orders/:id/refunds',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['orders'],
        summary: "An order's refunds and return requests (its customer's or, for an admin, anyone's)",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: refundsAndReturnsSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => refundsAndReturns(db, callerOf(request), parseOrderId(request.params.id)),
  );

  app.post(
    '/orders/:id/returns',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: "Ask to return parts of a shipped order (the order's customer only, within 30 days of shipping)",
        security: [{ bearer: [] }],
        params: idParams,
        body: newReturnSchema,
        response: { 201: returnSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const id = parseOrderId(request.params.id);
      return reply.code(201).send(await requestReturn(db, callerOf(request), id, request.body));
    },
  );

  app.get(
    '/returns',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['orders'],
        summary: 'Return requests, open ones (the default) or all, newest first, paged (admin)',
        security: [{ bearer: [] }],
        querystring: returnsQuerySchema,
        response: { 200: z.array(returnListItemSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { status, limit, cursor } = request.query;
      return pageOf(await pageOfReturns(db, { status, limit, before: decodeCursor(cursor) }), limit, request, reply);
    },
  );

  app.patch(
    '/returns/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['orders'],
        summary: 'Decide a return (admin): approved, rejected, or received (restock and refund as asked)',
        security: [{ bearer: [] }],
        params: idParams,
        body: returnDecisionSchema,
        response: { 200: returnSchema, ...errorAnswers(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const id = parseIdOr(request.params.id, () => notFound(apiMessages.returnNotFound));
      return decide(db, payments, callerOf(request), id, request.body);
    },
  );
};
