import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { idSchema } from '@parts-shop/shared/fields';
import { paymentIntentStatusSchema } from '@parts-shop/shared/payment';
import type { Config } from '#api/config/env.ts';
import { HttpError } from '#api/lib/http-error.ts';
import type { GatewayIntent, StripePaymentGateway, StripeWebhookEvent } from './payment-gateway.ts';
import { PAYMENT_INTENT_ID, PAYMENT_METHOD_ID } from './payment-gateway.ts';
import { mirrorStripeIntent } from './ledger.repo.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** STRIPE_API_URL points the SDK somewhere else than api.stripe.com (tests use a local fake). */
function apiAddress(url: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function shopId(value: string | undefined): string | null {
  const id = idSchema.safeParse(value);
  return id.success ? id.data : null;
}

function toIntent(pi: Stripe.PaymentIntent): GatewayIntent {
  const orderId = shopId(pi.metadata.orderId);
  // An intent pays one order or one group; metadata naming both is not the shop's.
  const groupId = orderId ? null : shopId(pi.metadata.groupId);
  return {
    id: pi.id,
    // A status this code does not know yet is treated as "in progress": not paid, not reusable.
    status: paymentIntentStatusSchema.catch('processing').parse(pi.status),
    amountCents: pi.amount,
    currency: pi.currency,
    orderId,
    groupId,
    clientSecret: pi.client_secret ?? '',
  };
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Stripe through its SDK: Stripe.js confirms in the browser; successes arrive by the signed webhook. */
export function createStripeGateway(config: Config, log: FastifyBaseLogger): StripePaymentGateway {
  if (!config.STRIPE_SECRET_KEY) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    ...apiAddress(config.STRIPE_API_URL),
    telemetry: false,
    // Retries are safe: creation carries an idempotency key, the rest are reads and cancels.
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  /** Stripe failing is our upstream failing: a 502 for the client, the details for the log. */
  function upstream(error: unknown, action: string): HttpError {
    log.error({ err: error, action }, 'Stripe request failed');
    return new HttpError(502, apiMessages.paymentProviderUnreachable);
  }

  async function retrieve(id: string): Promise<GatewayIntent | null> {
    if (!PAYMENT_INTENT_ID.test(id)) return null;
    try {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isStripeError(error) && (error.statusCode === 404 || error.code === 'resource_missing')) return null;
      throw upstream(error, 'retrieve');
    }
  }

  return {
    kind: 'stripe',
    webhooksConfigured: Boolean(webhookSecret),

    async createIntent(db, { orderId, groupId, amountCents, idempotencyKey }) {
      const metadata: Record<string, string> = {};
      if (orderId) metadata.orderId = orderId;
      if (groupId) metadata.groupId = groupId;
      let created: Stripe.PaymentIntent;
      try {
        created = await stripe.paymentIntents.create(
          // Cards only: the shop's Pay form is a card form (the SDK's pinned API version names
          // this allowed_payment_method_types; older versions called it payment_method_types).
          { amount: amountCents, currency: 'usd', metadata, allowed_payment_method_types: ['card'] },
          { idempotencyKey },
        );
      } catch (error) {
        throw upstream(error, 'create');
      }
      const intent = toIntent(created);
      await mirrorStripeIntent(db, intent);
      return intent;
    },

    async confirmPaymentMethod(db, id, paymentMethod) {
      if (!PAYMENT_INTENT_ID.test(id) || !PAYMENT_METHOD_ID.test(paymentMethod)) {
        return { kind: 'declined', message: 'Pay with a Stripe PaymentMethod id (pm_…)' };
      }
      let confirmed: Stripe.PaymentIntent;
      try {
        confirmed = await stripe.paymentIntents.confirm(id, { payment_method: paymentMethod });
      } catch (error) {
        // A declined card, or a PaymentMethod Stripe does not know: the buyer's to fix, not an outage.
        if (isStripeError(error) && (error.type === 'StripeCardError' || error.code === 'resource_missing')) {
          return { kind: 'declined', message: error.message };
        }
        throw upstream(error, 'confirm');
      }
      const intent = toIntent(confirmed);
      await mirrorStripeIntent(db, intent);
      if (intent.status === 'succeeded') return { kind: 'succeeded', intent };
      return {
        kind: 'declined',
        message:
          intent.status === 'requires_action'
            ? 'This card asks its holder to authenticate; pay with another'
            : 'The payment could not be taken; try again',
      };
    },

    async retrieveIntent(db, id) {
      const intent = await retrieve(id);
      if (intent) await mirrorStripeIntent(db, intent);
      return intent;
    },

    async cancelIntent(db, id) {
      if (!PAYMENT_INTENT_ID.test(id)) return null;
      let intent: GatewayIntent | null;
      try {
        intent = toIntent(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or is final): ask what it is now.
        if (isStripeError(error) && error.code === 'payment_intent_unexpected_state') intent = await retrieve(id);
        else if (isStripeError(error) && error.statusCode === 404) intent = null;
        else throw upstream(error, 'cancel');
      }
      if (intent) await mirrorStripeIntent(db, intent);
      return intent;
    },

    async refundIntent(_db, id) {
      try {
        // The key makes a retried refund (a crash, a second sweep) the same refund.
        const refund = await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}` });
        return refund.id;
      } catch (error) {
        throw upstream(error, 'refund');
      }
    },

    async refundAmount(_db, { paymentId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amountCents },
          { idempotencyKey },
        );
        return refund.id;
      } catch (error) {
        throw upstream(error, 'refund');
      }
    },

    verifyWebhook(rawBody, signature): StripeWebhookEvent | null {
      if (!webhookSecret) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        return null;
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.canceled':
        case 'payment_intent.payment_failed':
          return { type: event.type, intent: toIntent(event.data.object) };
        default:
          return { type: 'ignored', eventType: event.type };
      }
    },
  };
}
