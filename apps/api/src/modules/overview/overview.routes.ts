import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewQuerySchema, overviewSchema } from '@parts-shop/shared/overview';
import type { Deps } from '#api/deps.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { overview } from './overview.service.ts';

export const overviewRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.get(
    '/admin/overview',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['admin'],
        summary: "The business at a glance: the last `days` days (1-365, default 30) in the shop's time zone (admin)",
        description:
          'days: one entry per calendar day in SHOP_TIME_ZONE, oldest first: revenue (dollars paid that day), ' +
          'refunds (dollars refunded that day) and orders (placed that day). toShip: what the To ship tab ' +
          'holds (paid, not shipped, not cancelled, not refunded in full, with units left to ship); unpaid: unpaid, not cancelled; lowStock: parts running out; topParts: best sellers by revenue.',
        security: [{ bearer: [] }],
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => overview(db, config.SHOP_TIME_ZONE, request.query.days),
  );
};
