import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  discountListSchema,
  discountPatchSchema,
  discountSchema,
  newDiscountSchema,
} from '@parts-shop/shared/discount';
import { writeLimit, type Deps } from '#api/deps.ts';
import { callerOf } from '#api/lib/auth.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { idParams } from '#api/lib/ids.ts';
import { changeDiscount, createDiscount, deleteDiscount, getDiscount, listDiscounts } from './discounts.service.ts';

/** Discount codes and automatic promotions, for the owner (docs/product.md#discounts); every change is audited. */
export const discountsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.get(
    '/discounts',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['admin'],
        summary: 'Every discount, lowest priority first, with its uses so far and the money it gave (admin)',
        security: [{ bearer: [] }],
        response: { 200: discountListSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => listDiscounts(db),
  );

  app.post(
    '/discounts',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['admin'],
        summary: 'Create a discount code, or an automatic promotion without a code (admin, audited)',
        description:
          'Amounts in dollars; a percentage is more than 0 and at most 100. Codes match without regard to case: ' +
          '409 when another discount has the code.',
        security: [{ bearer: [] }],
        body: newDiscountSchema,
        response: { 201: discountSchema, ...errorAnswers(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await createDiscount(db, callerOf(request), request.body)),
  );

  app.get(
    '/discounts/:id',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['admin'],
        summary: 'One discount with its uses and the money it gave (admin)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: discountSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => getDiscount(db, request.params.id),
  );

  app.patch(
    '/discounts/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['admin'],
        summary: 'Change a discount, pause it ({paused: true}) or end it ({endsAt}) (admin, audited)',
        description: 'Null clears an optional rule; the code and kind stay. The whole discount after it is checked.',
        security: [{ bearer: [] }],
        params: idParams,
        body: discountPatchSchema,
        response: { 200: discountSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request) => changeDiscount(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/discounts/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['admin'],
        summary: 'Delete a discount no order carries (admin, audited); 409 otherwise: end it instead',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.null(), ...errorAnswers(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await deleteDiscount(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
