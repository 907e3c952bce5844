import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@parts-shop/shared/error';
import {
  orderSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
  recordPaymentSchema,
} from '@parts-shop/shared/order';
import {
  cardDeclinedSchema,
  cardMessages,
  confirmCardRequestSchema,
  confirmCardResponseSchema,
} from '@parts-shop/shared/payment';
import { orderIdParams, parseOrderId } from '../../domain/orders/order-view.ts';
import { callerOf } from '../../lib/auth.ts';
import type { Deps } from '../../lib/deps.ts';
import { writeLimit } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { confirmLocalCard, createPaymentIntent, recordPayment } from './payments.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  502: apiErrorSchema,
};

export const paymentsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config, payments } = deps;

  app.post(
    '/create-payment-intent',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['payments'],
        summary: "Start (or resume) paying for one of the caller's unpaid orders",
        description: 'The amount is the stored order total; a totalPrice that differs is a 409.',
        security: [{ bearer: [] }],
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => createPaymentIntent(db, payments, callerOf(request), request.body),
  );

  // Lives with payments rather than orders: recording a payment is a question to the gateway.
  app.patch(
    '/orders/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['payments'],
        summary: 'Record a card payment for an order once the gateway confirms it succeeded',
        security: [{ bearer: [] }],
        params: orderIdParams,
        body: recordPaymentSchema,
        response: { 200: orderSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) =>
      recordPayment(db, payments, callerOf(request), parseOrderId(request.params.id), request.body.transactionId),
  );

  if (payments.kind !== 'local') return;
  const gateway = payments;

  app.post(
    '/payments/local/confirm',
    {
      // No bearer token: like Stripe's confirmCardPayment, the client secret is the credential.
      config: writeLimit(config),
      schema: {
        tags: ['payments'],
        summary: "Test-mode gateway: pay an intent with a card (Stripe's test cards apply)",
        body: confirmCardRequestSchema,
        response: {
          200: confirmCardResponseSchema,
          400: apiErrorSchema,
          402: cardDeclinedSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { clientSecret, card } = request.body;
      const result = await confirmLocalCard(db, gateway, clientSecret, card);
      switch (result.kind) {
        case 'not_found':
          throw notFound(cardMessages.notFound);
        case 'canceled':
          throw conflict(cardMessages.canceled);
        case 'refunded':
          throw conflict('This order was already paid or cancelled, so this payment has been refunded');
        case 'declined':
          // A decline is an answer, not a fault: 402 as Stripe does, and the intent stays payable.
          return reply.code(402).send({
            message: result.outcome.message,
            code: result.outcome.code,
            declineCode: result.outcome.declineCode,
          });
        case 'succeeded': {
          const { id, status, amountCents, currency } = result.intent;
          return reply.code(200).send({ paymentIntent: { id, status, amount: amountCents, currency } });
        }
      }
    },
  );
};
