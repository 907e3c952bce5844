import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { parseOrderNumber, type OrderTab } from '@parts-shop/shared/order';
import type { Db } from '#api/db/client.ts';
import { orderLines, orders, users } from '#api/db/schema.ts';
import { discountsOf, releaseDiscountUses, type OrderDiscountRow } from '../discounts/order-discounts.repo.ts';
import { containing } from '#api/lib/like-pattern.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
/** An order with its lines and the discounts it carries (in the order applied). */
export type OrderWithLines = OrderRow & { lines: OrderLineRow[]; discounts?: OrderDiscountRow[] };

export async function linesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

export async function withLines(db: Db, rows: readonly OrderRow[]): Promise<OrderWithLines[]> {
  const ids = rows.map((r) => r.id);
  const [byOrder, discounts] = await Promise.all([linesOf(db, ids), discountsOf(db, ids)]);
  return rows.map((r) => ({ ...r, lines: byOrder.get(r.id) ?? [], discounts: discounts.get(r.id) ?? [] }));
}

export async function insertOrderLines(db: Db, rows: (typeof orderLines.$inferInsert)[]): Promise<OrderLineRow[]> {
  return db.insert(orderLines).values(rows).returning();
}

/** Orders with a line that matches: `where` is about the line's columns. */
export function withLineWhere(where: SQL | undefined): SQL {
  return sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${where})`;
}

/** Every read here but `findOrderRecord` and the Cancelled tab sees live orders only. */
const live = isNull(orders.cancelledAt);

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), live))
    .limit(1);
  return row;
}

export async function findOrderRecord(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export function findOrders(db: Db, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, [...ids]), live));
}

/** Reads an order and holds its row until the transaction ends (cancel and pay serialize on it). */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), live))
    .limit(1)
    .for('update');
  return row;
}

/** Holds an order's row, cancelled or not: refunds and returns move money on either. */
export async function lockOrderRecord(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

/** The one rule for "can ship"; `canShip` in packages/shared/src/order.ts mirrors it for the screens. */
export const shippable = and(
  eq(orders.paid, true),
  eq(orders.shipped, false),
  live,
  lt(orders.refundedCents, orders.totalCents),
  withLineWhere(lt(orderLines.restockedUnits, orderLines.quantity)),
) as SQL;

const TAB_FILTERS: Record<OrderTab, SQL | undefined> = {
  to_ship: shippable,
  unpaid: and(eq(orders.paid, false), live),
  shipped: and(eq(orders.shipped, true), live),
  // Refunded in full or in part; a paid order cancelled is refunded too, but its tab is Cancelled.
  refunded: and(gt(orders.refundedCents, 0), live),
  cancelled: isNotNull(orders.cancelledAt),
  all: live,
};

/** Manage Orders' search: the order number, or a part of the email or of any line's product name. */
function searchFilter(q: string): SQL | undefined {
  const number = parseOrderNumber(q);
  return or(
    number === null ? undefined : eq(orders.number, number),
    ilike(orders.email, containing(q)),
    withLineWhere(ilike(orderLines.productName, containing(q))),
  );
}

/** Orders from the shop's own pages: no assistant placed them. */
export const WEB_CHANNEL = 'web';

export type OrderFilters = {
  email?: string;
  tab?: OrderTab;
  q?: string;
  /** Placing days in UTC (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  /** `web`, or the name of the assistant that placed them. */
  channel?: string;
};

function whereOf(options: OrderFilters): SQL[] {
  const filters: SQL[] = [];
  if (options.email !== undefined) filters.push(eq(orders.email, options.email));
  if (options.from) filters.push(gte(orders.createdAt, sql`${options.from}::date::timestamp at time zone 'UTC'`));
  if (options.to) filters.push(lt(orders.createdAt, sql`(${options.to}::date + 1)::timestamp at time zone 'UTC'`));
  if (options.channel) {
    filters.push(options.channel === WEB_CHANNEL ? isNull(orders.origin) : eq(orders.origin, options.channel));
  }
  const tab = options.tab && TAB_FILTERS[options.tab];
  if (tab) filters.push(tab);
  const search = options.q ? searchFilter(options.q) : undefined;
  if (search) filters.push(search);
  return filters;
}

export function listOrders(db: Db, limit: number, options: OrderFilters & { before?: string }): Promise<OrderRow[]> {
  // A list without a tab (My Orders, the contract's /allorders) shows live orders only.
  const filters = whereOf({ ...options, tab: options.tab ?? 'all' });
  if (options.before !== undefined) filters.push(lt(orders.id, options.before));
  return db
    .select()
    .from(orders)
    .where(and(...filters))
    .orderBy(desc(orders.id))
    .limit(limit);
}

/** How many orders each of Manage Orders' tabs holds, for one search (and one customer's, given an email). */
export async function countOrdersByTab(db: Db, filters: Omit<OrderFilters, 'tab'>): Promise<Record<OrderTab, number>> {
  const [row] = await db
    .select({
      all: sql<number>`count(*) filter (where ${TAB_FILTERS.all})`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${TAB_FILTERS.cancelled})`.mapWith(Number),
      to_ship: sql<number>`count(*) filter (where ${TAB_FILTERS.to_ship})`.mapWith(Number),
      unpaid: sql<number>`count(*) filter (where ${TAB_FILTERS.unpaid})`.mapWith(Number),
      shipped: sql<number>`count(*) filter (where ${TAB_FILTERS.shipped})`.mapWith(Number),
      refunded: sql<number>`count(*) filter (where ${TAB_FILTERS.refunded})`.mapWith(Number),
    })
    .from(orders)
    .where(and(...whereOf(filters)));
  return row ?? { all: 0, to_ship: 0, unpaid: 0, shipped: 0, refunded: 0, cancelled: 0 };
}

/** The assistants' names orders carry, for Manage Orders' channel filter. */
export async function orderChannels(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ origin: orders.origin })
    .from(orders)
    .where(isNotNull(orders.origin))
    .orderBy(asc(orders.origin));
  return rows.flatMap((row) => (row.origin === null ? [] : [row.origin]));
}

export async function insertOrder(db: Db, row: typeof orders.$inferInsert): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/**
 * Ends an order on record: `by` is who (an email, or null for the hold running out), `reason` why. Every ending
 * passes here (a cancel, the unpaid hold running out after a payment failed or never came), so its discount uses
 * are given back here, in the same transaction.
 */
export async function markCancelled(db: Db, id: string, by: string | null, reason: string): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ cancelledAt: sql`now()`, cancelledBy: by, cancelReason: reason })
    .where(and(eq(orders.id, id), live))
    .returning();
  if (!row) throw new Error(`order ${id} was not live when cancelled`);
  await releaseDiscountUses(db, [id]);
  return row;
}

/** Holds the rows in id order, so a group's payment and a cancel of one of its orders never deadlock. */
export function lockOrders(db: Db, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, [...ids]), live))
    .orderBy(asc(orders.id))
    .for('update');
}

/** The only statement that makes orders paid; conditional on unpaid, so a repeat changes nothing. */
export function markOrdersPaid(db: Db, ids: readonly string[], transactionId: string): Promise<OrderRow[]> {
  return db
    .update(orders)
    .set({ paid: true, transactionId, paidAt: sql`now()` })
    .where(and(inArray(orders.id, [...ids]), eq(orders.paid, false), live))
    .returning();
}

export async function markOrderShipped(
  db: Db,
  id: string,
  tracking: { carrier?: string; trackingNumber?: string } = {},
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({
      shipped: true,
      shippedAt: sql`now()`,
      carrier: tracking.carrier || null,
      trackingNumber: tracking.trackingNumber || null,
    })
    .where(and(eq(orders.id, id), shippable))
    .returning();
  return row;
}

/** Locks the buyer's row, so one customer's placements run one at a time and the unpaid cap holds. */
export async function lockBuyer(db: Db, email: string): Promise<{ userName: string } | undefined> {
  const [row] = await db
    .select({ userName: users.userName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .for('update');
  return row;
}

export function listUnpaidOrders(db: Db, email: string, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.email, email), eq(orders.paid, false), live))
    .orderBy(asc(orders.id))
    .limit(limit);
}

export type Holdings = { unitsByPart: Map<string, number>; cents: number };

export async function unpaidHoldings(db: Db, email: string): Promise<Holdings> {
  const unpaidOf = and(eq(orders.email, email), eq(orders.paid, false), live);
  const units = await db
    .select({ partId: orderLines.partId, units: sql<number>`sum(${orderLines.quantity})`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(unpaidOf)
    .groupBy(orderLines.partId);
  const [worth] = await db
    .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number) })
    .from(orders)
    .where(unpaidOf);
  const unitsByPart = new Map<string, number>();
  for (const row of units) if (row.partId) unitsByPart.set(row.partId, row.units);
  return { unitsByPart, cents: worth?.cents ?? 0 };
}

export async function countUnpaidOrders(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.email, email), eq(orders.paid, false), live));
  return row?.n ?? 0;
}
