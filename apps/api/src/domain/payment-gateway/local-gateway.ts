import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cardBrand, testCardOutcome } from '@parts-shop/shared/payment';
import type { Db } from '#api/db/client.ts';
import type { LocalPaymentGateway } from './payment-gateway.ts';
import { PAYMENT_INTENT_ID } from './payment-gateway.ts';
import {
  findPayment,
  findPaymentByKey,
  insertPayment,
  intentFromRow,
  transitionPayment,
  type PaymentRow,
} from './ledger.repo.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking random text: 62 symbols, unbiased (bytes >= 248 are skipped). */
function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC.charAt(byte % 62);
    }
  }
  return out;
}

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The test-mode gateway; intents live in the payments table and survive a crash. Secrets carry 144 random bits. */
export function createLocalGateway(): LocalPaymentGateway {
  async function localRow(db: Db, id: string): Promise<PaymentRow | undefined> {
    if (!PAYMENT_INTENT_ID.test(id)) return undefined;
    const row = await findPayment(db, id);
    return row?.gateway === 'local' ? row : undefined;
  }

  return {
    kind: 'local',

    async createIntent(db, { orderId, groupId, amountCents, idempotencyKey }) {
      const id = `pi_${randomToken(24)}`;
      await insertPayment(db, {
        id,
        orderId,
        groupId,
        gateway: 'local',
        amountCents,
        clientSecret: `${id}_secret_${randomToken(24)}`,
        idempotencyKey,
      });
      // On a repeated key the first intent wins, like Stripe's idempotent requests.
      const row = await findPaymentByKey(db, 'local', idempotencyKey);
      if (!row) throw new Error('local payment intent vanished after insert');
      return intentFromRow(row);
    },

    async retrieveIntent(db, id) {
      const row = await localRow(db, id);
      return row ? intentFromRow(row) : null;
    },

    async cancelIntent(db, id) {
      const row = await localRow(db, id);
      if (!row) return null;
      if (row.status !== 'requires_payment_method') return intentFromRow(row);
      const canceled = await transitionPayment(db, id, 'requires_payment_method', { status: 'canceled' });
      // Lost the race to a confirmation: report whatever won.
      return intentFromRow(canceled ?? (await localRow(db, id)) ?? row);
    },

    async refundIntent(db, id) {
      const row = await localRow(db, id);
      if (row?.status !== 'succeeded') throw new Error(`local intent ${id} has taken no money to refund`);
      // Test mode moves no money: the shop's stray_payment_refunds row is the whole record.
      return `re_local_${id.slice(3)}`;
    },

    async refundAmount(db, { paymentId, idempotencyKey }) {
      const row = await localRow(db, paymentId);
      if (row?.status !== 'succeeded') throw new Error(`local intent ${paymentId} has taken no money to refund`);
      // Test mode moves no money: the shop's order_refunds row, keyed like Stripe's, is the record.
      return `re_local_${idempotencyKey}`;
    },

    async confirmCard(db, clientSecret, card) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      const row = await localRow(db, id);
      if (!row || !sameSecret(clientSecret, row.clientSecret)) return { kind: 'not_found' };
      if (row.status === 'succeeded') return { kind: 'succeeded', intent: intentFromRow(row) };
      if (row.status !== 'requires_payment_method') return { kind: 'canceled' };

      const cardLast4 = card.number.slice(-4);
      const outcome = testCardOutcome(card.number);
      if (!outcome.ok) {
        await transitionPayment(db, id, 'requires_payment_method', { lastError: outcome.declineCode, cardLast4 });
        return { kind: 'declined', outcome };
      }
      const paid = await transitionPayment(db, id, 'requires_payment_method', {
        status: 'succeeded',
        lastError: null,
        cardLast4,
        cardBrand: cardBrand(card.number),
      });
      if (paid) return { kind: 'succeeded', intent: intentFromRow(paid) };
      // A second click that lost the race: the first one's outcome stands.
      const now = await localRow(db, id);
      return now?.status === 'succeeded' ? { kind: 'succeeded', intent: intentFromRow(now) } : { kind: 'canceled' };
    },
  };
}
