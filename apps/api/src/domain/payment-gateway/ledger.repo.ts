import { and, desc, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { paymentGroupOrders, payments, strayPaymentRefunds } from '#api/db/schema.ts';
import type { GatewayIntent } from './payment-gateway.ts';

/**
 * The payments ledger: the local gateway's own book of intents, and with Stripe a mirror of
 * the intents the shop created and what Stripe last said about them.
 */
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export type GatewayKind = PaymentRow['gateway'];

/** A ledger row as the gateways describe a payment (amounts in US cents). */
export function intentFromRow(row: PaymentRow): GatewayIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: 'usd',
    orderId: row.orderId,
    groupId: row.groupId,
    clientSecret: row.clientSecret,
  };
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

export async function findPaymentByKey(
  db: Db,
  gateway: GatewayKind,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** Intents that pay any of these orders: made for one of them, or for a group holding one. */
function payingAny(db: Db, orderIds: string[]) {
  const groups = db
    .select({ id: paymentGroupOrders.groupId })
    .from(paymentGroupOrders)
    .where(inArray(paymentGroupOrders.orderId, orderIds));
  return or(inArray(payments.orderId, orderIds), inArray(payments.groupId, groups));
}

/** Every intent ever made for an order, its groups' included, newest first. */
export function paymentsForOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return paymentsForOrders(db, [orderId]);
}

/** Every intent ever made for any of these orders, their groups' included, newest first. */
export function paymentsForOrders(db: Db, orderIds: string[]): Promise<PaymentRow[]> {
  return db.select().from(payments).where(payingAny(db, orderIds)).orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * Intents the gateway has reported as succeeded, for reconciling unpaid orders. A refunded
 * one is left out: its money went back, so every read would only find again that it pays nothing.
 */
export function succeededPaymentsFor(db: Db, orderIds: string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  const refunded = db
    .select({ id: strayPaymentRefunds.paymentId })
    .from(strayPaymentRefunds)
    .where(eq(strayPaymentRefunds.paymentId, payments.id));
  return db
    .select()
    .from(payments)
    .where(and(payingAny(db, orderIds), eq(payments.status, 'succeeded'), notExists(refunded)));
}

/** Inserts a new intent unless one with the same idempotency key exists; true when inserted. */
export async function insertPayment(db: Db, row: typeof payments.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(payments).values(row).onConflictDoNothing().returning({ id: payments.id });
  return inserted.length > 0;
}

/**
 * Records what the gateway said about an intent. A succeeded or canceled intent is final at
 * the gateway, so a late, stale answer (an older webhook, a slow retrieve) never moves it back.
 */
export async function upsertPaymentStatus(
  db: Db,
  row: {
    id: string;
    orderId: string | null;
    groupId: string | null;
    gateway: GatewayKind;
    amountCents: number;
    clientSecret: string;
    status: PaymentStatus;
  },
): Promise<void> {
  await db
    .insert(payments)
    .values(row)
    .onConflictDoUpdate({
      target: payments.id,
      set: { status: row.status, updatedAt: sql`now()` },
      setWhere: sql`${payments.status} not in ('succeeded', 'canceled') and ${payments.status} <> ${row.status}`,
    });
}

/** Keeps the ledger's mirror of a Stripe intent current, for intents that name one of our orders or groups. */
export async function mirrorStripeIntent(db: Db, intent: GatewayIntent): Promise<void> {
  if ((!intent.orderId && !intent.groupId) || intent.currency !== 'usd') return;
  await upsertPaymentStatus(db, {
    id: intent.id,
    orderId: intent.orderId,
    groupId: intent.groupId,
    gateway: 'stripe',
    amountCents: intent.amountCents,
    clientSecret: intent.clientSecret,
    status: intent.status,
  });
}

/**
 * Moves an intent from one status to another only if nobody moved it first. Written out like
 * the other guarded updates (a WHERE that only the right row passes, then RETURNING): the
 * condition is the rule, so it stays in the statement where it is read.
 */
export async function transitionPayment(
  db: Db,
  id: string,
  from: PaymentStatus,
  set: { status?: PaymentStatus; lastError?: string | null; cardLast4?: string; cardBrand?: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning();
  return row;
}
