import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '#api/deps.ts';
import { HttpError, badRequest, errorAnswers } from '#api/lib/http-error.ts';
import { applyStripeEvent } from '#api/domain/payments/settlement.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** Its own plugin: the signature covers Stripe's exact bytes, so only here bodies stay a raw Buffer. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, payments } = deps;
  if (payments.kind !== 'stripe') return;
  const gateway = payments;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook (signature checked on the raw body)',
        headers: z.object({
          'stripe-signature': z.string({ error: 'Missing Stripe-Signature header' }).min(1).max(4000),
        }),
        response: { 200: z.object({ received: z.boolean() }), ...errorAnswers(400, 503) },
      },
    },
    async (request) => {
      if (!gateway.webhooksConfigured) throw new HttpError(503, apiMessages.webhooksNotConfigured);
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw badRequest(apiMessages.webhookJson);
      const event = gateway.verifyWebhook(raw, request.headers['stripe-signature']);
      if (!event) throw badRequest(apiMessages.webhookSignature);
      if (event.type === 'ignored') return { received: true };
      const outcome = await applyStripeEvent(db, gateway, event.intent);
      request.log.info({ paymentIntent: event.intent.id, type: event.type, outcome }, 'Stripe webhook applied');
      // Acknowledged either way: Stripe retrying an event we cannot use would change nothing.
      return { received: true };
    },
  );
};
