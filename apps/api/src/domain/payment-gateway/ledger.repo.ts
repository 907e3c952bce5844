import { and, desc, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { paymentGroupOrders, payments, strayPaymentRefunds } from '#api/db/schema.ts';
import type { GatewayIntent } from './payment-gateway.ts';

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

export function paymentsForOrder(db: Db, orderId: string): Promise<PaymentRow[]> {
  return paymentsForOrders(db, [orderId]);
}

export function paymentsForOrders(db: Db, orderIds: string[]): Promise<PaymentRow[]> {
  return db.select().from(payments).where(payingAny(db, orderIds)).orderBy(desc(payments.createdAt), desc(payments.id));
}

/** Succeeded intents for reconciling; refunded ones are left out, as they pay nothing. */
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

export async function insertPayment(db: Db, row: typeof payments.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(payments).values(row).onConflictDoNothing().returning({ id: payments.id });
  return inserted.length > 0;
}

/** A succeeded or canceled intent is final, so a stale answer never moves it back. */
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

/** Moves an intent between statuses only if nobody moved it first; the condition stays in the statement. */
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
