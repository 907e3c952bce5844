import { sql } from 'drizzle-orm';
import type { AuditEntity, AuditKind, AuditValues } from '@parts-shop/shared/audit';
import type { Db } from '#api/db/client.ts';
import { auditLog, users } from '#api/db/schema.ts';
import type { Caller } from '#api/lib/auth.ts';
import { newId } from '#api/lib/ids.ts';

/** Who made a change: the guarded request's caller (its email and Firebase uid). */
export type Actor = Pick<Caller, 'email' | 'uid'>;

/** `before` null for a creation, `after` for a deletion; an edit holds only the changed fields. */
export type AuditChange = {
  kind: AuditKind;
  entity: AuditEntity;
  entityId: string;
  before: AuditValues;
  after: AuditValues;
};

/** Call it in the changing transaction, so a rollback leaves no record. A list is one statement. */
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

/** The fields that differ between two snapshots (compared as JSON), each side holding only those; null when none. */
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
