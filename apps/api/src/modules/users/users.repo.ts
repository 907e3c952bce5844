import { and, asc, desc, eq, gt, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { auditLog, orders, revokedTokens, users } from '#api/db/schema.ts';
import { containing } from '#api/lib/like-pattern.ts';

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];

export async function findUser(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Keyset paging written out per repo, by email; q filters email or name. */
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

export type OrderTotals = { orders: number; spentCents: number };

/** Live orders and money paid less refunded (a cancelled order's payment too, cancelled out by its refund). */
export async function orderTotalsOf(db: Db, emails: readonly string[]): Promise<Map<string, OrderTotals>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({
      email: orders.email,
      orders: sql<number>`count(*) filter (where ${orders.cancelledAt} is null)`.mapWith(Number),
      spentCents:
        sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) filter (where ${orders.paid}), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(inArray(orders.email, [...emails]))
    .groupBy(orders.email);
  return new Map(rows.map(({ email, ...totals }) => [email, totals]));
}

/** Locks every admin's row in email order, so two admins removing each other are serialized. */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.email))
    .for('update');
  return rows.map((r) => r.email);
}

/** Role changes are the audit log's user.role records (docs/decisions/0032-audit-log.md). */
export function listRoleChanges(db: Db, limit: number, before?: string) {
  const isRoleChange = eq(auditLog.kind, 'user.role');
  return db
    .select({
      id: auditLog.id,
      actorEmail: auditLog.actorEmail,
      targetEmail: auditLog.entityId,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(before === undefined ? isRoleChange : and(isRoleChange, lt(auditLog.id, before)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Locked, so two sign-ins for one email are decided in turn; a new email is inserted bound to `uid`. */
export async function lockOrCreateUser(
  tx: Db,
  input: { email: string; uid: string; userName: string; role: Role; emailVerified: boolean },
): Promise<{ row: UserRow; created: boolean }> {
  const [created] = await tx.insert(users).values(input).onConflictDoNothing({ target: users.email }).returning();
  if (created) return { row: created, created: true };
  const [row] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1).for('update');
  if (!row) throw new Error(`the user ${input.email} vanished during sign-in`);
  return { row, created: false };
}

/**
 * `retireTokens` bumps the token version (a rebinding). A name the user already gave is kept; an
 * account no one had signed in to yet (an AI assistant's buyer) takes the person's own name, so a
 * name an assistant chose does not become theirs.
 */
export async function bindUser(
  tx: Db,
  input: { email: string; uid: string; userName: string; emailVerified: boolean; retireTokens: boolean },
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      uid: input.uid,
      emailVerified: input.emailVerified,
      userName: sql`case when ${users.uid} is null or ${users.userName} = '' then ${input.userName} else ${users.userName} end`,
      ...(input.retireTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.email, input.email))
    .returning();
  if (!row) throw new Error(`the user ${input.email} vanished during sign-in`);
  return row;
}

export async function updateProfile(
  db: Db,
  email: string,
  fields: Partial<Pick<UserRow, 'phone' | 'education' | 'address' | 'linkedIn' | 'userName'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(users.email, email))
    .returning();
  return row;
}

/** Every role change bumps the token version; only a verified email is made admin. */
export async function changeRole(db: Db, email: string, role: Role): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(users.email, email), ne(users.role, role), role === 'admin' ? eq(users.emailVerified, true) : undefined),
    )
    .returning();
  return row;
}

/** "Sign out everywhere": every API token the user holds answers 401 from now on. */
export async function retireTokens(db: Db, email: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.email, email));
}

/** Logout: this one token answers 401 from now on; tokens long expired are forgotten on the way. */
export async function revokeToken(db: Db, token: { id: string; expiresAtMs: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
    await tx
      .insert(revokedTokens)
      .values({ tokenId: token.id, expiresAt: new Date(token.expiresAtMs) })
      .onConflictDoNothing();
  });
}
