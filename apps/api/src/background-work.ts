import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import { createMailWorker, type MailWorker } from './domain/emails/mail-worker.ts';
import { createSmtpTransport } from './domain/emails/smtp-transport.ts';
import type { PaymentGateway } from './domain/payment-gateway/payment-gateway.ts';
import { startUnpaidSweep, unpaidHold } from './domain/unpaid-orders/expire-unpaid-orders.ts';
import { createOrderWebhookWorker } from './modules/ucp/order-webhooks.ts';
import { startHeartbeat } from './operations/worker-heartbeat.ts';

// Every background loop of the shop, in one place so the web role leaves them all out
// (SHOP_ROLE, docs/deploy.md#roles): the email outbox, the UCP order webhooks, and the sweep that
// expires unpaid orders and retries refunds. Price alerts and low-stock notices are queued in the
// transaction that caused them and leave through the email outbox. Each loop claims its rows under
// a lease or `skip locked`, so any number of workers run each job once.

/** The outbox sender for SMTP_URL; unset, emails wait in the outbox until it is set. */
function mailWorkerFor(app: FastifyInstance, config: Config, db: Db): MailWorker | null {
  if (!config.SMTP_URL) return null;
  const transport = createSmtpTransport(config.SMTP_URL);
  const worker = createMailWorker({
    db,
    transport,
    from: config.MAIL_FROM,
    shopUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    leaseMs: config.MAIL_LEASE_MS,
    pollMs: config.MAIL_POLL_MS,
    perRecipientPerDay: config.MAIL_PER_RECIPIENT_PER_DAY,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });
  return worker;
}

/** Starts the loops when the app is ready and stops them when it closes; answers the mail worker, for readiness. */
export function startBackgroundWork(
  app: FastifyInstance,
  { config, db, payments }: { config: Config; db: Db; payments: PaymentGateway },
): { mailWorker: MailWorker | null } {
  const mailWorker = mailWorkerFor(app, config, db);
  const sweep = startUnpaidSweep(db, payments, unpaidHold(config), app.log);
  app.addHook('onClose', () => sweep.stop());
  const orderWebhooks = createOrderWebhookWorker({
    db,
    config,
    leaseMs: config.UCP_WEBHOOK_LEASE_MS,
    pollMs: config.UCP_WEBHOOK_POLL_MS,
    retryBaseMs: config.UCP_WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: config.UCP_WEBHOOK_RETRY_MAX_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => orderWebhooks.start());
  app.addHook('onClose', () => orderWebhooks.stop());
  let heartbeat: { stop: () => Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    heartbeat = await startHeartbeat(db, app.log);
  });
  app.addHook('onClose', async () => heartbeat?.stop());
  return { mailWorker };
}
