import { and, asc, desc, eq, gt, ilike, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roleChanges, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { containing } from '../../lib/like-pattern.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Users in email order after `after`, optionally only those whose email or name contains q. */
export function listUsers(db: Db, limit: number, options: { after?: string; q?: string } = {}): Promise<UserRow[]> {
  const filters = [];
  if (options.after !== undefined) filters.push(gt(users.email, options.after));
  if (options.q)
    filters.push(or(ilike(users.email, containing(options.q)), ilike(users.userName, containing(options.q))));
  return db
    .select()
    .from(users)
    .where(and(...filters))
    .orderBy(asc(users.email))
    .limit(limit);
}

/**
 * Locks every admin's row, in email order, and answers their emails. Removing an admin holds
 * these locks, so two admins removing each other at once are serialized and the second sees
 * the first's change (and is no longer an admin).
 */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.email))
    .for('update');
  return rows.map((r) => r.email);
}

export async function demoteAdmin(db: Db, email: string): Promise<number> {
  const changed = await db
    .update(users)
    .set({ role: 'customer', updatedAt: sql`now()` })
    .where(and(eq(users.email, email), eq(users.role, 'admin')))
    .returning({ email: users.email });
  return changed.length;
}

export async function recordRoleChange(
  db: Db,
  change: { actorEmail: string; targetEmail: string; role: 'admin' | 'customer' },
): Promise<void> {
  await db.insert(roleChanges).values({ id: newId(), ...change });
}

export function listRoleChanges(db: Db, limit: number, before?: string) {
  return db
    .select()
    .from(roleChanges)
    .where(before === undefined ? undefined : lt(roleChanges.id, before))
    .orderBy(desc(roleChanges.id))
    .limit(limit);
}

/**
 * Creates the user on first sign-in, or refreshes the uid on later ones. A name the user
 * already has is kept; `makeAdmin` only ever raises the role, never lowers it. One
 * statement, so two sign-ins racing for a new email cannot both insert.
 */
export async function upsertSignedInUser(
  db: Db,
  input: { email: string; uid: string; userName: string; makeAdmin: boolean },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      uid: input.uid,
      userName: input.userName,
      role: input.makeAdmin ? 'admin' : 'customer',
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        uid: input.uid,
        userName: sql`case when ${users.userName} = '' then excluded.user_name else ${users.userName} end`,
        ...(input.makeAdmin ? { role: 'admin' as const } : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function updateProfile(
  db: Db,
  email: string,
  fields: Pick<UserRow, 'phone' | 'education' | 'address' | 'linkedIn'> & { userName?: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(users.email, email))
    .returning();
  return row;
}

/** Makes the user an admin; answers how many rows changed (0 when already admin or unknown). */
export async function promoteToAdmin(db: Db, email: string): Promise<number> {
  const changed = await db
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(and(eq(users.email, email), ne(users.role, 'admin')))
    .returning({ email: users.email });
  return changed.length;
}
