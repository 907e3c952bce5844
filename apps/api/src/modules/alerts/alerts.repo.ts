import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { alerts, parts, users } from '#api/db/schema.ts';

const alertColumns = {
  id: alerts.id,
  partId: alerts.partId,
  partName: parts.name,
  type: alerts.type,
  priceCents: alerts.priceCents,
  createdAt: alerts.createdAt,
  firedAt: alerts.firedAt,
};

export type AlertRow = {
  id: string;
  partId: string;
  partName: string;
  type: (typeof alerts.$inferSelect)['type'];
  priceCents: number | null;
  createdAt: Date;
  firedAt: Date | null;
};

export function listAlerts(db: Db, email: string, limit: number, before?: string): Promise<AlertRow[]> {
  const filters = [eq(alerts.email, email)];
  if (before !== undefined) filters.push(lt(alerts.id, before));
  return db
    .select(alertColumns)
    .from(alerts)
    .innerJoin(parts, eq(parts.id, alerts.partId))
    .where(and(...filters))
    .orderBy(desc(alerts.id))
    .limit(limit);
}

/** Holds the customer's row, so two requests cannot both take the last place under the cap. */
export async function countWaitingAlerts(db: Db, email: string): Promise<number> {
  await db.select({ email: users.email }).from(users).where(eq(users.email, email)).for('update');
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.email, email), isNull(alerts.firedAt)));
  return row?.n ?? 0;
}

export async function insertAlert(db: Db, row: typeof alerts.$inferInsert): Promise<void> {
  await db.insert(alerts).values(row);
}

export async function findOwnAlert(db: Db, email: string, id: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .select(alertColumns)
    .from(alerts)
    .innerJoin(parts, eq(parts.id, alerts.partId))
    .where(and(eq(alerts.id, id), eq(alerts.email, email)))
    .limit(1);
  return row;
}

export async function deleteOwnAlert(db: Db, email: string, id: string): Promise<number> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.email, email)))
    .returning({ id: alerts.id });
  return deleted.length;
}
