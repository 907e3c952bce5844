import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { contactMessages, orderRefunds, orderReturns, orders } from '#api/db/schema.ts';

/** What a customer paid over every order of theirs, and what was refunded of it, in cents. */
export async function moneyOf(db: Db, email: string): Promise<{ paidCents: number; refundedCents: number }> {
  const [row] = await db
    .select({
      paidCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paid}), 0)`.mapWith(Number),
      refundedCents: sql<number>`coalesce(sum(${orders.refundedCents}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.email, email));
  return row ?? { paidCents: 0, refundedCents: 0 };
}

/** A customer's newest orders, cancelled ones too (their page keeps the record). */
export function ordersOf(db: Db, email: string, limit: number) {
  return db.select().from(orders).where(eq(orders.email, email)).orderBy(desc(orders.id)).limit(limit);
}

export function refundsOf(db: Db, email: string, limit: number) {
  return db
    .select({ refund: orderRefunds, orderNumber: orders.number })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orders.email, email))
    .orderBy(desc(orderRefunds.id))
    .limit(limit);
}

export function returnsOf(db: Db, email: string, limit: number) {
  return db
    .select({ request: orderReturns, orderNumber: orders.number })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(eq(orders.email, email))
    .orderBy(desc(orderReturns.id))
    .limit(limit);
}

/** Contact messages sent from the customer's address (a visitor's form names any address it likes). */
export function messagesFrom(db: Db, email: string, limit: number) {
  return db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${email}`)
    .orderBy(desc(contactMessages.id))
    .limit(limit);
}
