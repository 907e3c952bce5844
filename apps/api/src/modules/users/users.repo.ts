import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export function listUsers(db: Db, limit: number): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.email)).limit(limit);
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
