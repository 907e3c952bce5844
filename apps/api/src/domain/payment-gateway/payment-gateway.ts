import type { Card, CardOutcome, PaymentIntentStatus } from '@parts-shop/shared/payment';
import type { Db } from '#api/db/client.ts';

export type GatewayIntent = {
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  /** One order, or one payment group (then orderId is null); both null when not the shop's. */
  orderId: string | null;
  groupId: string | null;
  clientSecret: string;
};

/** What an intent pays: exactly one order or one payment group. */
export type IntentTarget = { orderId: string; groupId: null } | { orderId: null; groupId: string };

export type CreateIntentInput = IntentTarget & { amountCents: number; idempotencyKey: string };

/** Every call takes the caller's db handle: the gateways keep their ledger rows in the shop's database. */
type GatewayCore = {
  createIntent: (db: Db, input: CreateIntentInput) => Promise<GatewayIntent>;
  retrieveIntent: (db: Db, id: string) => Promise<GatewayIntent | null>;
  /** Cancels an open intent and answers its final state; a succeeded one stays succeeded. */
  cancelIntent: (db: Db, id: string) => Promise<GatewayIntent | null>;
  /** Refunds all of a succeeded intent and answers the refund's id; safe to repeat. */
  refundIntent: (db: Db, id: string) => Promise<string>;
  /** Refunds part or all of a succeeded intent; the key makes a repeat the same refund. */
  refundAmount: (db: Db, refund: { paymentId: string; amountCents: number; idempotencyKey: string }) => Promise<string>;
};

export type LocalConfirmResult =
  | { kind: 'succeeded'; intent: GatewayIntent }
  | { kind: 'declined'; outcome: Exclude<CardOutcome, { ok: true }> }
  | { kind: 'canceled' }
  | { kind: 'not_found' };

export type LocalPaymentGateway = GatewayCore & {
  kind: 'local';
  /** The browser's confirmCardPayment, played by the shop itself in test mode. */
  confirmCard: (db: Db, clientSecret: string, card: Card) => Promise<LocalConfirmResult>;
};

export type StripeWebhookEvent =
  | {
      type: 'payment_intent.succeeded' | 'payment_intent.canceled' | 'payment_intent.payment_failed';
      intent: GatewayIntent;
    }
  | { type: 'ignored'; eventType: string };

/** A server-side confirmation's outcome: paid, or declined with the reason the buyer may hear. */
export type StripeConfirmResult = { kind: 'succeeded'; intent: GatewayIntent } | { kind: 'declined'; message: string };

export type StripePaymentGateway = GatewayCore & {
  kind: 'stripe';
  /** Confirms with a buyer's agent's PaymentMethod (UCP); a decline leaves the intent open. */
  confirmPaymentMethod: (db: Db, id: string, paymentMethod: string) => Promise<StripeConfirmResult>;
  /** Verifies the Stripe-Signature header on the raw body; null when it does not verify. */
  verifyWebhook: (rawBody: Buffer, signature: string) => StripeWebhookEvent | null;
  webhooksConfigured: boolean;
};

export type PaymentGateway = LocalPaymentGateway | StripePaymentGateway;

/** Stripe's PaymentIntent ids; anything else cannot be a payment and never reaches a gateway. */
export const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{8,100}$/;

/** Stripe's PaymentMethod ids, test-mode names such as pm_card_visa included. */
export const PAYMENT_METHOD_ID = /^pm_\w{1,100}$/;
