import type { Card } from '@parts-shop/shared/payment';
import { MOCK_PAYMENT_HANDLER, STRIPE_PAYMENT_HANDLER, type UcpCompleteInput } from '@parts-shop/shared/ucp';
import type { Db } from '#api/db/client.ts';
import type { OrderRow } from '#api/domain/orders/orders.repo.ts';
import { paymentsForOrder } from '#api/domain/payment-gateway/ledger.repo.ts';
import {
  PAYMENT_METHOD_ID,
  type GatewayIntent,
  type PaymentGateway,
} from '#api/domain/payment-gateway/payment-gateway.ts';
import { settleIntent } from '#api/domain/payments/settlement.ts';

type Instrument = UcpCompleteInput['payment']['instruments'][number];

/** The conformance suite's tokens, as the test-mode gateway's published cards. */
const NAMED_TOKENS: Record<string, string> = {
  success_token: '4242424242424242',
  fail_token: '4000000000000002',
};

/** What an instrument pays with: a test-mode card (the mock handler) or a Stripe PaymentMethod id. */
export type Means = { kind: 'card'; card: Card } | { kind: 'payment_method'; id: string };

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** Any credential's token, whatever its type names it (`token`, `stripe_token`, …): the handler decides what it means. */
const tokenOf = (instrument: Instrument) =>
  instrument.credential?.type === 'card' ? undefined : textOf(instrument.credential?.token);

const CARD_NUMBER = /^\d{12,19}$/;

/**
 * The mock handler's card, as the official sample server takes it: a token credential carrying `success_token`,
 * `fail_token` or a card number, or a card credential (card_credential.json) with its number. The test-mode gateway
 * then decides as it does for the Pay form: its published test cards, and any other number declined.
 */
function mockCard(instrument: Instrument): Card | null {
  const credential = instrument.credential;
  const token = tokenOf(instrument);
  const number =
    credential?.type === 'card'
      ? textOf(credential['number'])?.replace(/[\s-]/g, '')
      : token && (NAMED_TOKENS[token] ?? token);
  if (!number || !CARD_NUMBER.test(number)) return null;
  const month = credential?.['expiry_month'];
  const year = credential?.['expiry_year'];
  const given = typeof month === 'number' && typeof year === 'number' && month >= 1 && month <= 12;
  return {
    number,
    expMonth: given ? month : 12,
    expYear: given ? year : new Date().getFullYear() + 1,
    cvc: textOf(credential?.['cvc']) || '123',
  };
}

/** Null when the instrument is not of this gateway's handler or carries no credential. */
export function meansOf(gateway: Pick<PaymentGateway, 'kind'>, instrument: Instrument): Means | null {
  if (gateway.kind === 'local') {
    const card = instrument.handler_id === MOCK_PAYMENT_HANDLER.id ? mockCard(instrument) : null;
    return card ? { kind: 'card', card } : null;
  }
  const token = instrument.handler_id === STRIPE_PAYMENT_HANDLER.id ? tokenOf(instrument) : undefined;
  return token && PAYMENT_METHOD_ID.test(token) ? { kind: 'payment_method', id: token } : null;
}

/** The instrument this shop's gateway takes, for the message that asks for it. */
export const wantedInstrument = (gateway: Pick<PaymentGateway, 'kind'>) =>
  gateway.kind === 'local'
    ? `an instrument of the ${MOCK_PAYMENT_HANDLER.id} handler with a token credential (success_token, fail_token) or a card credential of a test card`
    : `a card instrument of the ${STRIPE_PAYMENT_HANDLER.id} handler whose token credential is a Stripe PaymentMethod id`;

export type InstrumentOutcome = { kind: 'paid' } | { kind: 'declined'; message: string };

type Confirmed = { kind: 'succeeded'; intent: GatewayIntent } | { kind: 'declined'; message: string };

async function confirm(
  db: Db,
  gateway: PaymentGateway,
  intent: { id: string; clientSecret: string },
  means: Means,
): Promise<Confirmed> {
  if (gateway.kind === 'stripe' && means.kind === 'payment_method') {
    return gateway.confirmPaymentMethod(db, intent.id, means.id);
  }
  if (gateway.kind === 'local' && means.kind === 'card') {
    const result = await gateway.confirmCard(db, intent.clientSecret, means.card);
    if (result.kind === 'succeeded') return result;
    if (result.kind === 'declined') return { kind: 'declined', message: result.outcome.message };
    return { kind: 'declined', message: 'The payment could not be taken; try again' };
  }
  return { kind: 'declined', message: 'This shop takes no such instrument' };
}

/**
 * Pays like the Pay form: one intent (a declined try's is reused), confirmation, then settlement. Money a cancelled
 * order cannot take is refunded and reads as declined.
 */
export async function payWithInstrument(
  db: Db,
  gateway: PaymentGateway,
  order: OrderRow,
  means: Means,
): Promise<InstrumentOutcome> {
  const ledger = await paymentsForOrder(db, order.id);
  const open = ledger.find((p) => p.orderId === order.id && p.status === 'requires_payment_method');
  const intent =
    open ??
    (await gateway.createIntent(db, {
      orderId: order.id,
      groupId: null,
      amountCents: order.totalCents,
      idempotencyKey: `ucp-order-${order.id}-${ledger.length}`,
    }));
  const result = await confirm(db, gateway, intent, means);
  if (result.kind === 'declined') return result;
  const settled = await settleIntent(db, gateway, result.intent);
  return settled === 'paid' || settled === 'already-paid'
    ? { kind: 'paid' }
    : { kind: 'declined', message: 'The order could not take this payment; it was refunded. Try again' };
}
