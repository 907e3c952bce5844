import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { AuditEntity, AuditKind } from '@parts-shop/shared/audit';
import { idSchema } from '@parts-shop/shared/fields';
import type { Db } from '#api/db/client.ts';
import { auditLog, orderReturns, orders, parts } from '#api/db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** The log newest first, before a cursor id, optionally of one kind (the kind index serves it). */
export function listAudit(db: Db, query: { limit: number; before?: string; kind?: AuditKind }): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (query.kind !== undefined) conditions.push(eq(auditLog.kind, query.kind));
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
}

/** What the shop knows a page's parts, orders and returns by, keyed `entity:id`: names, and order numbers. */
export async function namesOf(db: Db, rows: readonly AuditRow[]): Promise<Map<string, string | number>> {
  const idsOf = (entity: AuditEntity) =>
    [...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entityId))].filter(
      (id) => idSchema.safeParse(id).success,
    );
  const [partIds, orderIds, returnIds] = [idsOf('part'), idsOf('order'), idsOf('return')];
  const [partNames, orderNumbers, returnNumbers] = await Promise.all([
    partIds.length === 0
      ? []
      : db.select({ id: parts.id, name: parts.name }).from(parts).where(inArray(parts.id, partIds)),
    orderIds.length === 0
      ? []
      : db.select({ id: orders.id, name: orders.number }).from(orders).where(inArray(orders.id, orderIds)),
    returnIds.length === 0
      ? []
      : db
          .select({ id: orderReturns.id, name: orders.number })
          .from(orderReturns)
          .innerJoin(orders, eq(orders.id, orderReturns.orderId))
          .where(inArray(orderReturns.id, returnIds)),
  ]);
  return new Map<string, string | number>([
    ...partNames.map((r) => [`part:${r.id}`, r.name] as const),
    ...orderNumbers.map((r) => [`order:${r.id}`, r.name] as const),
    ...returnNumbers.map((r) => [`return:${r.id}`, r.name] as const),
  ]);
}
