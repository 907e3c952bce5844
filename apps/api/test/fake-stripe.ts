import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe endpoints the shop calls, so the real SDK runs without a network; the
 * browser's confirmation is played by `succeed()` / `fail()`.
 */
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
};

export type FakeStripe = {
  url: string;
  intents: Map<string, FakeIntent>;
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey?: string; authorization?: string }[];
  /** Makes the next requests answer 500 (without retry) until set back to false. */
  setDown: (down: boolean) => void;
  /** Makes every answer wait this long, like a slow network or a slow Stripe. */
  setDelay: (ms: number) => void;
  /** Full refunds made, by payment intent id (one per intent: the SDK's idempotency key is honoured). */
  refunds: Map<string, { id: string; amount: number }>;
  /** Every refund made (full or partial), in order; a replayed idempotency key adds none. */
  refundLog: { id: string; paymentIntent: string; amount: number; idempotencyKey?: string }[];
  succeed: (id: string) => FakeIntent;
  close: () => Promise<void>;
};

function token(length: number): string {
  return randomBytes(length).toString('hex').slice(0, length);
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token(14)}`, ...headers });
  res.end(JSON.stringify(body));
}

function missing(res: http.ServerResponse, id: string): void {
  send(res, 404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'intent',
      message: `No such payment_intent: '${id}'`,
    },
  });
}

/** pm_card_visa and the other brands pay; pm_card_chargeDeclined is declined (402, intent open); unknown ids are 400. */
const PAYING_METHODS = new Set(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex']);

function confirm(res: http.ServerResponse, intent: FakeIntent, paymentMethod: string): void {
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    send(res, 400, {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      },
    });
    return;
  }
  if (PAYING_METHODS.has(paymentMethod)) {
    intent.status = 'succeeded';
    send(res, 200, intent);
    return;
  }
  if (paymentMethod === 'pm_card_chargeDeclined') {
    intent.status = 'requires_payment_method';
    send(res, 402, {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: intent,
      },
    });
    return;
  }
  send(res, 400, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_method',
      message: `No such PaymentMethod: '${paymentMethod}'`,
    },
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, FakeIntent>();
  const requests: FakeStripe['requests'] = [];
  const refunds: FakeStripe['refunds'] = new Map();
  const refundLog: FakeStripe['refundLog'] = [];
  let down = false;
  let delayMs = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void setTimeout(() => answer(req, res, chunks), delayMs));
  });

  function answer(req: http.IncomingMessage, res: http.ServerResponse, chunks: Buffer[]): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      body,
      idempotencyKey,
      authorization: req.headers.authorization,
    });

    if (down) {
      send(
        res,
        500,
        { error: { type: 'api_error', message: 'Fake Stripe is down' } },
        { 'stripe-should-retry': 'false' },
      );
      return;
    }
    if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }

    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const target = intents.get(body.get('payment_intent') ?? '');
      if (target?.status !== 'succeeded') {
        send(res, 400, {
          error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'Nothing to refund' },
        });
        return;
      }
      const replay = idempotencyKey ? refundLog.find((r) => r.idempotencyKey === idempotencyKey) : undefined;
      const asked = body.get('amount');
      const already = refundLog.filter((r) => r.paymentIntent === target.id).reduce((sum, r) => sum + r.amount, 0);
      if (!replay && asked !== null && Number(asked) > target.amount - already) {
        send(res, 400, {
          error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'Refund exceeds the charge' },
        });
        return;
      }
      const refund = replay ??
        (asked === null ? refunds.get(target.id) : undefined) ?? {
          id: `re_${token(24)}`,
          amount: asked === null ? target.amount : Number(asked),
        };
      if (asked === null) refunds.set(target.id, refund);
      if (!replay && !refundLog.some((r) => r.id === refund.id)) {
        refundLog.push({ id: refund.id, paymentIntent: target.id, amount: refund.amount, idempotencyKey });
      }
      send(res, 200, {
        id: refund.id,
        object: 'refund',
        amount: refund.amount,
        currency: target.currency,
        payment_intent: target.id,
        status: 'succeeded',
      });
      return;
    }

    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel|\/confirm)?$/.exec(url.pathname);
    if (!match) {
      send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
      return;
    }
    const [, id, action] = match;
    const cancel = action === '/cancel';

    if (req.method === 'POST' && !id) {
      const existing = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (existing) {
        send(res, 200, existing, { 'idempotent-replayed': 'true' });
        return;
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const intentId = `pi_${token(24)}`;
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${token(24)}`,
        metadata,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, intent);
      send(res, 200, intent);
      return;
    }

    const intent = id ? intents.get(decodeURIComponent(id)) : undefined;
    if (!intent || !id) {
      missing(res, id ?? '');
      return;
    }
    if (req.method === 'GET' && !cancel) {
      send(res, 200, intent);
      return;
    }
    if (req.method === 'POST' && action === '/confirm') {
      confirm(res, intent, body.get('payment_method') ?? '');
      return;
    }
    if (req.method === 'POST' && cancel) {
      if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
        send(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            payment_intent: intent,
          },
        });
        return;
      }
      intent.status = 'canceled';
      send(res, 200, intent);
      return;
    }
    send(res, 405, { error: { type: 'invalid_request_error', message: 'Method not allowed' } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refunds,
    refundLog,
    setDown: (value) => {
      down = value;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    succeed: (id) => {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
      intent.status = 'succeeded';
      return intent;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The settings that point the shop's Stripe gateway at `fake`. */
export function stripeConfig(fake: FakeStripe, webhookSecret = 'whsec_test_parts_shop'): Record<string, string> {
  return {
    PAYMENT_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_parts_shop',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: fake.url,
  };
}
