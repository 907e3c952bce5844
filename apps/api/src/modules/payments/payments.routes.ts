import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderSchema, recordPaymentSchema } from '@parts-shop/shared/order';
import { anyPaymentIntentRequestSchema, anyPaymentIntentResponseSchema } from '@parts-shop/shared/payment-group';
import {
  cardDeclinedSchema,
  cardMessages,
  confirmCardRequestSchema,
  confirmCardResponseSchema,
} from '@parts-shop/shared/payment';
import { parseOrderId } from '#api/domain/orders/order-view.ts';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { conflict, errorAnswers, notFound } from '#api/lib/http-error.ts';
import { idParams } from '#api/lib/ids.ts';
import { confirmLocalCard, createGroupPaymentIntent, createPaymentIntent, recordPayment } from './payments.service.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export const paymentsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config, payments } = deps;

  app.post(
    '/create-payment-intent',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['payments'],
        summary: "Start (or resume) paying for one, or several, of the caller's unpaid orders",
        description:
          '{orderId}: the amount is the stored order total; a totalPrice that differs is a 409. ' +
          "{orderIds}: one payment group for up to 100 of the caller's unpaid orders, for their summed " +
          'totals; any order not theirs (or cancelled) is a 404, any paid one a 409.',
        security: [{ bearer: [] }],
        body: anyPaymentIntentRequestSchema,
        response: { 200: anyPaymentIntentResponseSchema, ...errorAnswers(400, 401, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const body = request.body;
      return 'orderIds' in body
        ? createGroupPaymentIntent(db, payments, callerOf(request), body.orderIds)
        : createPaymentIntent(db, payments, callerOf(request), body);
    },
  );

  // Lives with payments rather than orders: recording a payment is a question to the gateway.
  app.patch(
    '/orders/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['payments'],
        summary:
          'Record a card payment for an order (and the rest of its payment group) once the gateway confirms it succeeded',
        security: [{ bearer: [] }],
        params: idParams,
        body: recordPaymentSchema,
        response: { 200: orderSchema, ...errorAnswers(400, 401, 404, 409, 429, 502) },
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
        response: { 200: confirmCardResponseSchema, 402: cardDeclinedSchema, ...errorAnswers(400, 404, 409, 429) },
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
          throw conflict(apiMessages.paymentRefundedLate);
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
