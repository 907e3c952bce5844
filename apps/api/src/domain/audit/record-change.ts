import { sql } from 'drizzle-orm';
import type { AuditEntity, AuditKind, AuditValues } from '@parts-shop/shared/audit';
import type { Db } from '#api/db/client.ts';
import { auditLog, users } from '#api/db/schema.ts';
import type { Caller } from '#api/lib/auth.ts';
import { newId } from '#api/lib/ids.ts';

/** Who made a change: the guarded request's caller (its email and Firebase uid). */
export type Actor = Pick<Caller, 'email' | 'uid'>;

/**
 * One change for the audit log. `before` is null for something created, `after` null for
 * something deleted; for an edit both hold only the fields that changed (`changedFields`).
 * Money fields are integer cents and end in Cents.
 */
export type AuditChange = {
  kind: AuditKind;
  entity: AuditEntity;
  entityId: string;
  before: AuditValues;
  after: AuditValues;
};

/**
 * Records admin changes in the audit log (docs/product.md#audit-log). Call it with the
 * transaction that makes the change, so a change that rolls back leaves no record and one that
 * commits always has one. The actor's name is read from the users table in the same
 * statement, as it is at that moment. A list (an import) is one statement: the changes go as
 * one JSON parameter and the name is looked up once, not once per row.
 */
export async function recordChange(tx: Db, caller: Actor, changes: AuditChange | readonly AuditChange[]) {
  const list: readonly AuditChange[] = Array.isArray(changes) ? changes : [changes as AuditChange];
  if (list.length === 0) return;
  const rows = JSON.stringify(list.map((change) => ({ ...change, id: newId() })));
  await tx.execute(sql`
    insert into ${auditLog} (id, actor_email, actor_uid, actor_name, kind, entity, entity_id, before, after)
    select r.id, ${caller.email}, ${caller.uid},
           coalesce((select ${users.userName} from ${users} where ${users.email} = ${caller.email}), ''),
           r.kind, r.entity, r."entityId", r.before, r.after
    from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, kind text, entity text, "entityId" text, before jsonb, after jsonb)`);
}

/**
 * The fields whose values differ between two snapshots of one thing, each side holding only
 * those; null when nothing changed. Values compare as JSON (specs are objects).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}
