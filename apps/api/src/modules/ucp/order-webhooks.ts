import { randomUUID } from 'node:crypto';
import type { Config } from '#api/config/env.ts';
import type { Db } from '#api/db/client.ts';
import { retryDelayMs } from '#api/domain/emails/mail-worker.ts';
import { releaseLease, renewLease, takeLease, type HeldLease } from '#api/domain/emails/outbox.repo.ts';
import { findOrderRecord } from '#api/domain/orders/orders.repo.ts';
import { outboundRequest } from '#api/lib/outbound-request.ts';
import { pollingLoop, type WorkerLog } from '#api/lib/polling-loop.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { isRefusal, negotiate } from './agent-profile.ts';
import { findSessionOfOrder } from './checkout-sessions.repo.ts';
import { contentDigest, signRequest } from './message-signature.ts';
import { deferWebhook, dueWebhooks, markWebhookDone, type WebhookRow } from './order-webhooks.repo.ts';
import { signingKeyFor } from './signing-key.ts';
import { ucpOrderView } from './ucp-order.ts';

const LEASE = 'ucp-order-webhooks';
const BATCH = 20;
/** A receiver must answer quickly (the spec asks it to acknowledge first and work after). */
const DELIVERY_TIMEOUT_MS = 10_000;
const ANSWER_MAX_BYTES = 64 * 1024;
/** The headers the signature covers after @method, @authority and @path. */
const COVERED = ['content-digest', 'content-type', 'ucp-agent', 'webhook-id', 'webhook-timestamp'] as const;

export type OrderWebhookWorkerOptions = {
  db: Db;
  config: Config;
  leaseMs: number;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  log: WorkerLog;
};

export type OrderWebhookWorker = {
  /** One pass: if this process holds the lease, delivers what is due. Answers how many were done. */
  runOnce: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

type Outcome = { done: true; note: string | null } | { done: false; error: string };
type Delivery = { url: URL; headers: Record<string, string>; body: Buffer };

/**
 * The order as GET /orders/{id} answers it, signed (RFC 9421) to the profile's webhook. A gone order or no webhook
 * ends the event; an unreadable profile is retried.
 */
async function prepare(options: OrderWebhookWorkerOptions, row: WebhookRow): Promise<Outcome | Delivery> {
  const { db, config } = options;
  const [order, session] = await Promise.all([findOrderRecord(db, row.orderId), findSessionOfOrder(db, row.orderId)]);
  if (!order || !session) return { done: true, note: 'the order is no longer there' };
  const negotiated = await negotiate(config, row.agent, 'order');
  if (isRefusal(negotiated)) {
    const { body } = negotiated;
    const why = 'code' in body ? `${body.code}: ${body.content}` : (body.messages[0]?.content ?? 'refused');
    return negotiated.statusCode === 200 ? { done: true, note: why } : { done: false, error: why };
  }
  if (!negotiated.webhookUrl) return { done: true, note: 'the assistant’s profile names no order webhook' };

  const body = Buffer.from(JSON.stringify(await ucpOrderView(db, config, order, session)));
  const url = new URL(negotiated.webhookUrl);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-digest': contentDigest(body),
    'ucp-agent': `profile="${siteOrigin(config)}/.well-known/ucp"`,
    'webhook-id': row.id,
    'webhook-timestamp': String(Math.floor(row.occurredAt.getTime() / 1000)),
  };
  const created = Math.floor(Date.now() / 1000);
  const signature = signRequest('POST', url, headers, COVERED, signingKeyFor(config), created, row.id);
  return { url, headers: { ...headers, ...signature }, body };
}

/** The POST, under the same address rules as the profile fetch; only a 2xx delivers. */
async function post(config: Config, delivery: Delivery, timeoutMs: number): Promise<Outcome> {
  try {
    const res = await outboundRequest(
      delivery.url.toString(),
      { method: 'POST', headers: delivery.headers, body: delivery.body, timeoutMs, maxBytes: ANSWER_MAX_BYTES },
      { production: config.isProduction },
    );
    if (res.status >= 200 && res.status <= 299) return { done: true, note: null };
    return { done: false, error: `the webhook answered ${res.status}` };
  } catch (error) {
    return { done: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Delivers under the lease, like the email outbox. A POST lasts at most half the lease, renewed before each, so two
 * processes never deliver one row. A crash after the 2xx redelivers with the same Webhook-Id.
 */
export function createOrderWebhookWorker(options: OrderWebhookWorkerOptions): OrderWebhookWorker {
  let lease: HeldLease | undefined;
  const loop = pollingLoop({
    pollMs: options.pollMs,
    log: options.log,
    failure: 'order webhook pass failed',
    pass: () => pass(),
    onStop: async () => {
      if (lease) await releaseLease(options.db, lease).catch(() => undefined);
      lease = undefined;
    },
  });
  const isStopped = loop.isStopped;
  const timeoutMs = Math.min(DELIVERY_TIMEOUT_MS, options.leaseMs / 2);

  /** Renews the lease this worker holds, or takes it afresh if it is free; answers whether it holds it. */
  async function holdLease(): Promise<boolean> {
    if (lease && (await renewLease(options.db, lease, options.leaseMs))) return true;
    const fresh = { name: LEASE, token: randomUUID() };
    lease = (await takeLease(options.db, fresh.name, fresh.token, options.leaseMs)) ? fresh : undefined;
    return lease !== undefined;
  }

  async function pass(): Promise<number> {
    let done = 0;
    while (!isStopped()) {
      if (!(await holdLease())) return done;
      const due = await dueWebhooks(options.db, BATCH);
      if (due.length === 0) return done;
      for (const row of due) {
        if (isStopped() || !(await holdLease())) return done;
        const prepared = await prepare(options, row);
        // Renewed again just before the POST: the POST then ends within the lease.
        if (!('done' in prepared) && (isStopped() || !(await holdLease()))) return done;
        const held = lease;
        if (!held) return done;
        const outcome = 'done' in prepared ? prepared : await post(options.config, prepared, timeoutMs);
        if (!outcome.done) {
          const delay = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
          options.log.warn(
            { webhookId: row.id, attempts: row.attempts + 1, delay, err: outcome.error },
            'order webhook not delivered',
          );
          await deferWebhook(options.db, row.id, delay, outcome.error, held);
          continue;
        }
        if (!(await markWebhookDone(options.db, row.id, held, outcome.note))) {
          options.log.warn({ webhookId: row.id }, 'webhook lease lost before the delivery was marked');
          lease = undefined;
          return done;
        }
        options.log.info({ webhookId: row.id, event: row.event, note: outcome.note }, 'order webhook done');
        done += 1;
      }
    }
    return done;
  }

  return { runOnce: loop.runOnce, start: loop.start, stop: loop.stop };
}
