import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { emailSendFailures } from '../../lib/shop-counters.ts';
import type { Db } from '../../db/client.ts';
import {
  emailPayloadSchema,
  renderAlertEmail,
  renderLowStockEmail,
  renderOrderEmail,
  renderReplyEmail,
} from './order-email-templates.ts';
import { deferEmail, dueEmails, holdLease, markEmailSent, releaseLease, type OutboxRow } from './outbox.repo.ts';

const LEASE = 'mail-worker';
const BATCH = 20;

export type MailWorkerOptions = {
  db: Db;
  transport: Pick<Transporter, 'sendMail'>;
  from: string;
  /** The shop's address, for the receipt links in the emails. */
  shopUrl: string;
  leaseMs: number;
  pollMs: number;
  /** How many emails one address is sent per day; the rest wait for the next day. */
  perRecipientPerDay: number;
  retryBaseMs: number;
  retryMaxMs: number;
  log: Record<'info' | 'warn' | 'error', (obj: object, msg: string) => void>;
};

export type MailWorker = {
  /** One pass: if this process holds the lease, sends what is due. Answers how many were sent. */
  runOnce: () => Promise<number>;
  start: () => void;
  stop: () => Promise<void>;
};

/** The wait before attempt n + 1 after n failures: doubling from retryBaseMs, at most retryMaxMs. */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30));
}

/**
 * Sends the email outbox. Only the process holding the lease sends, so several API
 * processes never send one row twice at once; a holder that dies stops renewing and another
 * takes over when the lease expires. A row is marked sent after the SMTP server accepted it:
 * a crash in between sends it again with the same Message-ID (a repeat, never a loss).
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const holder = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  const isStopped = () => stopped;

  async function send(row: OutboxRow): Promise<void> {
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
    });
  }

  async function pass(): Promise<number> {
    let sent = 0;
    while (!isStopped()) {
      if (!(await holdLease(options.db, LEASE, holder, options.leaseMs))) return sent;
      const due = await dueEmails(options.db, BATCH, options.perRecipientPerDay);
      if (due.length === 0) return sent;
      // The budget counts this batch's sends too; a row over it stays due for a later pass.
      const sentNow = new Map<string, number>();
      for (const row of due) {
        const toThem = row.sentToday + (sentNow.get(row.recipient) ?? 0);
        if (toThem >= options.perRecipientPerDay) continue;
        // Renewed before each send, so a slow SMTP server cannot let the lease lapse unseen.
        if (isStopped() || !(await holdLease(options.db, LEASE, holder, options.leaseMs))) return sent;
        try {
          await send(row);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const delay = retryDelayMs(row.attempts, options.retryBaseMs, options.retryMaxMs);
          emailSendFailures.inc();
          options.log.warn({ emailId: row.id, attempts: row.attempts + 1, delay, err: message }, 'email not sent');
          await deferEmail(options.db, row.id, delay, message);
          continue;
        }
        await markEmailSent(options.db, row.id);
        options.log.info({ emailId: row.id, kind: row.kind }, 'email sent');
        sentNow.set(row.recipient, (sentNow.get(row.recipient) ?? 0) + 1);
        sent += 1;
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(): void {
    if (isStopped()) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => options.log.error({ err: error }, 'mail worker pass failed'))
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start: () => {
      stopped = false;
      schedule();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      await releaseLease(options.db, LEASE, holder).catch(() => undefined);
    },
  };
}
