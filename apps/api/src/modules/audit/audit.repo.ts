import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditKind } from '@parts-shop/shared/audit';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

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
