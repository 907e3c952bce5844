import type { Card, CardOutcome, PaymentIntentStatus } from '@parts-shop/shared/payment';
import type { Db } from '#api/db/client.ts';

/** A payment intent as the shop needs to know it, whichever gateway holds it. */
export type GatewayIntent = {
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  /**
   * What the intent pays, from its metadata: one order, or one payment group (then orderId is
   * null). Both null when the intent is not the shop's.
   */
  orderId: string | null;
  groupId: string | null;
  clientSecret: string;
};

/** What an intent pays: exactly one order or one payment group. */
export type IntentTarget = { orderId: string; groupId: null } | { orderId: null; groupId: string };

export type CreateIntentInput = IntentTarget & { amountCents: number; idempotencyKey: string };

/**
 * What the shop asks of a card gateway. Every call takes the caller's database handle (often
 * a transaction) because the gateways keep their ledger rows in the shop's database: the
 * local gateway's rows are its only book, Stripe's are a mirror.
 */
type GatewayCore = {
  createIntent: (db: Db, input: CreateIntentInput) => Promise<GatewayIntent>;
  /** null when the gateway does not know the id. */
  retrieveIntent: (db: Db, id: string) => Promise<GatewayIntent | null>;
  /**
   * Cancels an open intent so it can no longer take money, and answers its final state: an
   * intent that already succeeded stays succeeded (and is answered as such).
   */
  cancelIntent: (db: Db, id: string) => Promise<GatewayIntent | null>;
  /** Gives all of a succeeded intent's money back and answers the refund's id; safe to repeat. */
  refundIntent: (db: Db, id: string) => Promise<string>;
  /**
   * Gives part (or all) of a succeeded intent's money back and answers the refund's id; the
   * key makes a repeat the same refund. The shop caps the amounts (order_refunds).
   */
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
  /**
   * Confirms an intent with a PaymentMethod id the buyer's agent holds (a UCP instrument),
   * server-side; a declined card leaves the intent open for another PaymentMethod.
   */
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
