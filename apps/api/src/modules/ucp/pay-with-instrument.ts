import type { Card } from '@parts-shop/shared/payment';
import type { UcpCompleteInput } from '@parts-shop/shared/ucp';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../../domain/orders/orders.repo.ts';
import { paymentsForOrder } from '../../domain/payment-gateway/ledger.repo.ts';
import type { PaymentGateway } from '../../domain/payment-gateway/payment-gateway.ts';
import { settleIntent } from '../../domain/payments/settlement.ts';

type Instrument = UcpCompleteInput['payment']['instruments'][number];

/** The conformance suite's tokens, as the test-mode gateway's published cards. */
const NAMED_TOKENS: Record<string, string> = {
  success_token: '4242424242424242',
  fail_token: '4000000000000002',
};

/**
 * The card a mock-handler instrument stands for: a card with a token credential whose token is
 * `success_token`, `fail_token` or a card number (the gateway's test cards pay or decline as
 * they do in the Pay form; any other number is declined). Null for anything else.
 */
export function tokenCard(instrument: Instrument): Card | null {
  const token = instrument.credential?.type === 'token' ? instrument.credential.token : undefined;
  if (instrument.type !== 'card' || !token) return null;
  const number = NAMED_TOKENS[token] ?? (/^\d{12,19}$/.test(token) ? token : null);
  if (!number) return null;
  return { number, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' };
}

export type InstrumentOutcome = { kind: 'paid' } | { kind: 'declined'; message: string };

/**
 * Pays a placed order with a card, as the Pay form's confirmation does: one intent for the
 * order (an open one from a declined try is used again), the gateway's confirmation, then the
 * settlement path, which marks the order paid and queues its receipt. Money the order can no
 * longer take (it was cancelled meanwhile) is refunded there and reads as declined here.
 */
export async function payWithInstrument(
  db: Db,
  gateway: PaymentGateway,
  order: OrderRow,
  card: Card,
): Promise<InstrumentOutcome> {
  if (gateway.kind !== 'local') return { kind: 'declined', message: 'This shop takes no card tokens' };
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
  const result = await gateway.confirmCard(db, intent.clientSecret, card);
  if (result.kind === 'declined') return { kind: 'declined', message: result.outcome.message };
  if (result.kind !== 'succeeded') return { kind: 'declined', message: 'The payment could not be taken; try again' };
  const settled = await settleIntent(db, gateway, result.intent);
  return settled === 'paid' || settled === 'already-paid'
    ? { kind: 'paid' }
    : { kind: 'declined', message: 'The order could not take this payment; it was refunded. Try again' };
}
