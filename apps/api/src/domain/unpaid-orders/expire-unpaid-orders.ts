import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#api/db/client.ts';
import type { Config } from '#api/config/env.ts';
import { orderLines, orders, users } from '#api/db/schema.ts';
import { withLineWhere } from '../orders/orders.repo.ts';
import type { PaymentGateway } from '../payment-gateway/payment-gateway.ts';
import { retryPendingOrderRefunds } from '../payments/issue-refund.ts';
import { retryPendingStrayRefunds } from '../payments/settlement.ts';
import { cancelUnpaidOrder } from './cancel-unpaid-order.ts';

/** Shorter while unverified, so a throwaway sign-up cannot hold stock long (docs/security.md#stock-holds). */
export type UnpaidHold = { minutes: number; unverifiedMinutes: number };

export function unpaidHold(config: Pick<Config, 'UNPAID_HOLD_MINUTES' | 'UNVERIFIED_HOLD_MINUTES'>): UnpaidHold {
  return { minutes: config.UNPAID_HOLD_MINUTES, unverifiedMinutes: config.UNVERIFIED_HOLD_MINUTES };
}

/** The shorter of the two holds: an order younger than this is not overdue, whoever placed it. */
export function shortestHoldMs(hold: UnpaidHold): number {
  return Math.min(hold.minutes, hold.unverifiedMinutes) * 60_000;
}

/** Which overdue orders to look at: all of them (the sweep), or those one read or order touches. */
export type ExpiryScope = { orderId?: string; partIds?: readonly string[]; email?: string };

/** A claim older than this is taken to belong to a process that died mid-sweep. */
const CLAIM_SECONDS = 300;
const BATCH = 50;
const SWEEP_EVERY_MS = 60_000;

/** `SKIP LOCKED` lets processes sweep at once; the committed claim stamp keeps the others off. */
async function claimOverdue(db: Db, hold: UnpaidHold, scope: ExpiryScope): Promise<string[]> {
  const unverified = db.select({ email: users.email }).from(users).where(eq(users.emailVerified, false));
  const overdueNow = or(
    lt(orders.createdAt, sql`now() - make_interval(mins => ${hold.minutes})`),
    and(
      lt(orders.createdAt, sql`now() - make_interval(mins => ${hold.unverifiedMinutes})`),
      inArray(orders.email, unverified),
    ),
  );
  const filters: SQL[] = [eq(orders.paid, false), isNull(orders.cancelledAt)];
  if (overdueNow) filters.push(overdueNow);
  if (scope.orderId !== undefined) filters.push(eq(orders.id, scope.orderId));
  if (scope.partIds !== undefined) filters.push(withLineWhere(inArray(orderLines.partId, [...scope.partIds])));
  if (scope.email !== undefined) filters.push(eq(orders.email, scope.email));
  const unclaimed = or(
    isNull(orders.expiryClaimedAt),
    lt(orders.expiryClaimedAt, sql`now() - make_interval(secs => ${CLAIM_SECONDS})`),
  );
  const overdue = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...filters, unclaimed))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(orders)
    .set({ expiryClaimedAt: sql`now()` })
    .where(inArray(orders.id, overdue))
    .returning({ id: orders.id });
  return claimed.map((r) => r.id);
}

/** Cancels overdue unpaid orders as their customer could (reason 'expired'); answers how many. */
export async function expireOverdueOrders(
  db: Db,
  gateway: PaymentGateway,
  hold: UnpaidHold,
  scope: ExpiryScope = {},
): Promise<number> {
  let cancelled = 0;
  for (const id of await claimOverdue(db, hold, scope)) {
    const outcome = await cancelUnpaidOrder(db, gateway, id, 'expired', null);
    if (outcome.kind === 'cancelled') cancelled += 1;
  }
  return cancelled;
}

/** Every minute: cancels overdue orders and retries pending refunds; a failed round is logged and retried. */
export function startUnpaidSweep(
  db: Db,
  gateway: PaymentGateway,
  hold: UnpaidHold,
  log: FastifyBaseLogger,
): { stop: () => Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      while ((await expireOverdueOrders(db, gateway, hold)) > 0) {
        // Another batch may be waiting.
      }
      await retryPendingStrayRefunds(db, gateway);
      await retryPendingOrderRefunds(db, gateway);
    } catch (error) {
      log.error({ err: error }, 'unpaid order sweep failed');
    }
  };
  const timer = setInterval(() => {
    running = running.then(round);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
