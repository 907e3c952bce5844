import { randomUUID } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import { pollingLoop, type WorkerLog } from '#api/lib/polling-loop.ts';
import { emailSendFailures } from '#api/lib/shop-counters.ts';
import type { Db } from '#api/db/client.ts';
import {
  emailPayloadSchema,
  renderAlertEmail,
  renderLowStockEmail,
  renderOrderEmail,
  renderReplyEmail,
} from './order-email-templates.ts';
import {
  deferEmail,
  dueEmails,
  markEmailSent,
  releaseLease,
  renewLease,
  takeLease,
  type HeldLease,
  type OutboxRow,
} from './outbox.repo.ts';

const LEASE = 'mail-worker';
const BATCH = 20;

export type MailWorkerOptions = {
  db: Db;
  /** nodemailer's transport: it closes the connection of a send whose signal aborts. */
  transport: { sendMail: (mail: SendMailOptions & { signal?: AbortSignal }) => Promise<unknown> };
  from: string;
  shopUrl: string;
  leaseMs: number;
  pollMs: number;
  perRecipientPerDay: number;
  retryBaseMs: number;
  retryMaxMs: number;
  log: WorkerLog;
};

export type MailWorker = {
  runOnce: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
}

/**
 * Sends the outbox under the lease; every write about a row is conditional on its token, and a send aborts when the
 * lease is lost, so two processes never send one row. A crash after the SMTP accept resends with the same Message-ID.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  let lease: (HeldLease & { validUntil: number }) | undefined;
  const loop = pollingLoop({
    pollMs: options.pollMs,
    log: options.log,
    failure: 'mail worker pass failed',
    pass: () => pass(),
    onStop: async () => {
      if (lease) await releaseLease(options.db, lease).catch(() => undefined);
      lease = undefined;
    },
  });
  const isStopped = loop.isStopped;
  // What a lost or unrenewed lease leaves for aborting the send, before another may take it.
  const margin = options.leaseMs / 5;

  async function holdLease(): Promise<boolean> {
    const askedAt = performance.now();
    const held = lease ?? { name: LEASE, token: randomUUID() };
    const ok = lease
      ? await renewLease(options.db, held, options.leaseMs)
      : await takeLease(options.db, held.name, held.token, options.leaseMs);
    lease = ok ? { ...held, validUntil: askedAt + options.leaseMs - margin } : undefined;
    return ok;
  }

  /** Between sends: a lease that lapsed while idle is simply taken again if nobody else has it. */
  async function holdLeaseBetweenSends(): Promise<boolean> {
    const hadLease = lease !== undefined;
    return (await holdLease()) || (hadLease && (await holdLease()));
  }

  /** Runs `work` under the lease: renewed as it runs, its signal aborted when the lease is lost or runs short. */
  async function underLease<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let deadline: NodeJS.Timeout | undefined;
    const armDeadline = () => {
      clearTimeout(deadline);
      const left = (lease?.validUntil ?? 0) - performance.now();
      deadline = setTimeout(() => controller.abort(new Error('the mail lease ran out during the send')), left);
    };
    let renewing = false;
    const renewal = setInterval(() => {
      if (renewing) return;
      renewing = true;
      holdLease()
        .then(
          (held) => (held ? armDeadline() : controller.abort(new Error('the mail lease was taken over'))),
          // The database did not answer: the lease may still be ours, but only until its deadline.
          () => undefined,
        )
        .finally(() => {
          renewing = false;
        });
    }, options.leaseMs / 3);
    armDeadline();
    try {
      return await work(controller.signal);
    } finally {
      clearInterval(renewal);
      clearTimeout(deadline);
    }
  }

  async function send(row: OutboxRow, signal: AbortSignal): Promise<void> {
    const payload = emailPayloadSchema.parse(row.payload);
    const email =
      payload.kind === 'low-stock'
        ? renderLowStockEmail(payload, options.shopUrl)
        : payload.kind === 'message-reply'
          ? renderReplyEmail(payload)
          : 'alertId' in payload
            ? renderAlertEmail(payload, options.shopUrl)
            : renderOrderEmail(payload, options.shopUrl);
    await options.transport.sendMail({
      from: options.from,
      to: row.recipient,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: row.messageId,
      signal,
    });
  }

  async function pass(): Promise<number> {
    let sent = 0;
    while (!isStopped()) {
      if (!(await holdLeaseBetweenSends())) return sent;
      const due = await dueEmails(options.db, BATCH, options.perRecipientPerDay);
      if (due.length === 0) return sent;
      // The budget counts this batch's sends too; a row over it stays due for a later pass.
      const sentNow = new Map<string, number>();
      for (const row of due) {
        const toThem = row.sentToday + (sentNow.get(row.recipient) ?? 0);
        if (toThem >= options.perRecipientPerDay) continue;
        if (isStopped() || !(await holdLeaseBetweenSends())) return sent;
        try {
          await underLease((signal) => send(row, signal));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          emailSendFailures.inc();
          if (!lease) {
            options.log.warn({ emailId: row.id, err: message }, 'mail lease lost; this process stops sending');
            return sent;
          }
          const delay = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
          options.log.warn({ emailId: row.id, attempts: row.attempts + 1, delay, err: message }, 'email not sent');
          await deferEmail(options.db, row.id, delay, message, lease);
          continue;
        }
        if (!lease || !(await markEmailSent(options.db, row.id, lease))) {
          options.log.warn({ emailId: row.id }, 'mail lease lost before the email was marked sent');
          lease = undefined;
          return sent;
        }
        options.log.info({ emailId: row.id, kind: row.kind }, 'email sent');
        sentNow.set(row.recipient, (sentNow.get(row.recipient) ?? 0) + 1);
        sent += 1;
      }
    }
    return sent;
  }

  return { runOnce: loop.runOnce, start: loop.start, stop: loop.stop };
}
