import { createHash, createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ucpCheckoutSchema, ucpOrderSchema, type UcpOrder } from '@parts-shop/shared/ucp';
import { ucpOrderWebhooks } from '#api/db/schema.ts';
import { addPart } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { startAssistant, type Assistant, type ReceivedWebhook } from '#api-test/ucp-assistant.ts';
import { payment, readyCheckout, ucp, ucpHeaders } from '#api-test/ucp-fixtures.ts';
import { loadOfficialSchemas } from '#api-test/ucp-official-schemas.ts';
import { createOrderWebhookWorker, type OrderWebhookWorker } from './order-webhooks.ts';

/**
 * The order webhooks an assistant's profile asks for: the full order, signed with the key the
 * shop publishes, on creation, shipping, cancellation and refund, delivered through an outbox
 * until the receiver answers 2xx.
 */
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const official = loadOfficialSchemas();

let assistant: Assistant;
let publishedKeys: JsonWebKey[];

const t = useTestApp({
  config: { PUBLIC_URL: 'https://shop.example' },
  users: { admin: { email: 'owner@example.test', role: 'admin' } },
});
const { admin } = t.users;
beforeAll(async () => {
  assistant = await startAssistant();
  const profile = await t.app.inject({ method: 'GET', url: '/.well-known/ucp' });
  publishedKeys = profile.json<{ signing_keys: JsonWebKey[] }>().signing_keys;
});
afterAll(async () => {
  await assistant.close();
});

function worker(config = t.deps.config): OrderWebhookWorker {
  return createOrderWebhookWorker({
    db: t.database.db,
    config,
    leaseMs: 5_000,
    pollMs: 50,
    retryBaseMs: 100,
    retryMaxMs: 500,
    log: quiet,
  });
}

async function deliverAll(): Promise<void> {
  const sender = worker();
  try {
    await sender.runOnce();
  } finally {
    await sender.stop();
  }
}

async function completedOrder(who: Assistant, quantity = 1): Promise<string> {
  const headers = () => ucpHeaders({}, who.profileUrl);
  const partId = await addPart(t, { name: 'Webhook SSD', priceCents: 7_500, available: 10 });
  const created = await ucp(t, 'POST', '/checkout-sessions', readyCheckout(partId, quantity, 'hooks@example.test'), {
    ...headers(),
    'idempotency-key': crypto.randomUUID(),
  });
  const session = ucpCheckoutSchema.parse(created.json());
  const done = await ucp(t, 'POST', `/checkout-sessions/${session.id}/complete`, payment(), {
    ...headers(),
    'idempotency-key': crypto.randomUUID(),
  });
  const orderId = ucpCheckoutSchema.parse(done.json()).order?.id;
  if (!orderId) throw new Error(`complete placed no order: ${done.body}`);
  return orderId;
}

const forOrder = (orderId: string) => assistant.received.filter((w) => w.body.toString().includes(orderId));

/** RFC 9421, checked here on its own: the base rebuilt from the request as received, verified with a published key. */
function verifySignature(webhook: ReceivedWebhook, body: Buffer = webhook.body): boolean {
  const input = String(webhook.headers['signature-input']);
  const match = /^sig1=(\(([^)]*)\)(.*))$/.exec(input);
  if (!match?.[1] || match[2] === undefined) return false;
  const components = [...match[2].matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
  const keyid = /;keyid="([^"]+)"/.exec(match[3] ?? '')?.[1];
  const jwk = publishedKeys.find((k) => (k as { kid?: string }).kid === keyid);
  if (!jwk) return false;
  const digest = `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
  if (webhook.headers['content-digest'] !== digest) return false;
  const value = (name: string) => {
    if (name === '@method') return 'POST';
    if (name === '@authority') return String(webhook.headers.host);
    if (name === '@path') return webhook.path;
    return String(webhook.headers[name]);
  };
  const base = [...components.map((c) => `"${c}": ${value(c)}`), `"@signature-params": ${match[1]}`].join('\n');
  const signature = /^sig1=:([^:]+):$/.exec(String(webhook.headers.signature))?.[1] ?? '';
  return verify(
    'sha256',
    Buffer.from(base),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64'),
  );
}

const orderOf = (webhook: ReceivedWebhook): UcpOrder => ucpOrderSchema.parse(JSON.parse(webhook.body.toString()));

describe('order webhooks', () => {
  it('POSTs the full order, signed with the published key, on creation, shipping and refund', async () => {
    const orderId = await completedOrder(assistant, 2);
    await deliverAll();
    const [created] = forOrder(orderId);
    if (!created) throw new Error('no webhook for the created order');
    expect(created.headers['content-type']).toBe('application/json');
    expect(created.headers['ucp-agent']).toBe('profile="https://shop.example/.well-known/ucp"');
    expect(created.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(created.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(created.headers['signature-input']).toMatch(
      /^sig1=\("@method" "@authority" "@path" "content-digest" "content-type" "ucp-agent" "webhook-id" "webhook-timestamp"\);created=\d+;expires=\d+;keyid="[^"]+";nonce="[^"]+"$/,
    );
    expect(verifySignature(created)).toBe(true);
    // A receiver can refuse a replay: the signature ends five minutes after it was made, and its nonce is the webhook's id.
    const params = String(created.headers['signature-input']);
    const [made, ends] = [/;created=(\d+)/, /;expires=(\d+)/].map((p) => Number(p.exec(params)?.[1]));
    expect((ends ?? 0) - (made ?? 0)).toBe(300);
    expect(/;nonce="([^"]+)"/.exec(params)?.[1]).toBe(created.headers['webhook-id']);
    // The check bites: another body, or another Webhook-Id under the same signature, fails.
    expect(verifySignature(created, Buffer.from(created.body.toString().replace('"USD"', '"EUR"')))).toBe(false);
    expect(verifySignature({ ...created, headers: { ...created.headers, 'webhook-id': crypto.randomUUID() } })).toBe(
      false,
    );
    const placed = orderOf(created);
    expect(placed).toMatchObject({ id: orderId, currency: 'USD' });
    expect(placed.line_items[0]?.quantity).toEqual({ original: 2, total: 2, fulfilled: 0 });
    // The same object GET /orders/{id} answers.
    const read = await ucp(t, 'GET', `/orders/${orderId}`, undefined, ucpHeaders({}, assistant.profileUrl));
    expect(JSON.parse(created.body.toString())).toEqual(read.json());

    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/shipped/${orderId}`,
      headers: admin,
      payload: { carrier: 'DHL', trackingNumber: 'JD0123456789' },
    });
    expect(shipped.statusCode).toBe(200);
    await deliverAll();
    const afterShipping = forOrder(orderId)[1];
    if (!afterShipping) throw new Error('no webhook for the shipment');
    expect(verifySignature(afterShipping)).toBe(true);
    expect(afterShipping.headers['webhook-id']).not.toBe(created.headers['webhook-id']);
    expect(orderOf(afterShipping).fulfillment.events).toEqual([
      expect.objectContaining({ type: 'shipped', carrier: 'DHL', tracking_number: 'JD0123456789' }),
    ]);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      headers: admin,
      payload: { amount: '25.00', reason: 'Scratched label' },
    });
    expect(refund.statusCode).toBe(201);
    await deliverAll();
    const afterRefund = forOrder(orderId)[2];
    if (!afterRefund) throw new Error('no webhook for the refund');
    expect(verifySignature(afterRefund)).toBe(true);
    expect(orderOf(afterRefund).adjustments).toEqual([
      expect.objectContaining({ type: 'refund', status: 'completed', totals: [{ type: 'total', amount: -2_500 }] }),
    ]);
    expect(forOrder(orderId)).toHaveLength(3);
    if (official) for (const w of forOrder(orderId)) expect(official.order(JSON.parse(w.body.toString()))).toEqual([]);
  });

  it('POSTs the cancelled order when the owner cancels it', async () => {
    const orderId = await completedOrder(assistant);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: admin,
      payload: { reason: 'Out of production' },
    });
    expect(cancelled.statusCode).toBe(200);
    await deliverAll();
    const last = forOrder(orderId).at(-1);
    if (!last) throw new Error('no webhook for the cancellation');
    expect(verifySignature(last)).toBe(true);
    const order = orderOf(last);
    expect(order.line_items[0]).toMatchObject({ status: 'removed' });
    expect(order.adjustments.map((a) => a.type)).toEqual(expect.arrayContaining(['cancellation']));
    const events = await t.database.db
      .select({ event: ucpOrderWebhooks.event })
      .from(ucpOrderWebhooks)
      .where(eq(ucpOrderWebhooks.orderId, orderId));
    expect(events.map((e) => e.event).sort()).toEqual(['canceled', 'created', 'refunded']);
  });

  it('keeps an event while the receiver is down and delivers it, once, from a worker started afresh', async () => {
    assistant.webhookStatus = 503;
    const orderId = await completedOrder(assistant);
    const first = worker();
    await first.runOnce();
    // The process goes away with the event undelivered.
    await first.stop();
    const [row] = await t.database.db.select().from(ucpOrderWebhooks).where(eq(ucpOrderWebhooks.orderId, orderId));
    expect(row).toMatchObject({ deliveredAt: null, attempts: 1, lastError: 'the webhook answered 503' });

    assistant.webhookStatus = 200;
    const second = worker();
    try {
      for (let i = 0; i < 100 && forOrder(orderId).length < 2; i += 1) {
        await second.runOnce();
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await second.stop();
    }
    const attempts = forOrder(orderId);
    expect(attempts).toHaveLength(2);
    // The same event: the same Webhook-Id on the retry.
    expect(attempts[1]?.headers['webhook-id']).toBe(attempts[0]?.headers['webhook-id']);
    const [delivered] = await t.database.db
      .select()
      .from(ucpOrderWebhooks)
      .where(eq(ucpOrderWebhooks.orderId, orderId));
    expect(delivered?.deliveredAt).not.toBeNull();
    await deliverAll();
    expect(forOrder(orderId)).toHaveLength(2);
  });

  it('sends nothing to a private address in production: the event waits', async () => {
    const orderId = await completedOrder(assistant);
    const production = worker({ ...t.deps.config, isProduction: true });
    try {
      await production.runOnce();
    } finally {
      await production.stop();
    }
    expect(forOrder(orderId)).toHaveLength(0);
    const [row] = await t.database.db.select().from(ucpOrderWebhooks).where(eq(ucpOrderWebhooks.orderId, orderId));
    expect(row?.deliveredAt).toBeNull();
    expect(row?.lastError).toMatch(/invalid_profile_url: .*only https/);
  });

  it('delivers nothing for an assistant whose profile names no webhook', async () => {
    const silent = await startAssistant({ webhook: false });
    try {
      const orderId = await completedOrder(silent);
      await deliverAll();
      expect(silent.received).toHaveLength(0);
      const [row] = await t.database.db.select().from(ucpOrderWebhooks).where(eq(ucpOrderWebhooks.orderId, orderId));
      expect(row?.deliveredAt).not.toBeNull();
      expect(row?.lastError).toMatch(/names no order webhook/);
    } finally {
      await silent.close();
    }
  });
});
