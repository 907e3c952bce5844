import type { FastifyBaseLogger } from 'fastify';
import { centsToPriceString } from '@parts-shop/shared/money';
import type { DeliveryProfileInput, ProfileInput, RoleChange, User, UserSummary } from '@parts-shop/shared/user';
import type { Config } from '#api/config/env.ts';
import type { Db } from '#api/db/client.ts';
import { recordChange } from '#api/domain/audit/record-change.ts';
import type { Caller } from '#api/lib/auth.ts';
import { emailIsCurrent, type AccountStatus, type Identity, type IdentityVerifier } from '#api/lib/identity.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '#api/lib/http-error.ts';
import type { TokenService, TokenSubject } from '#api/lib/tokens.ts';
import {
  bindUser,
  changeRole,
  findUser,
  listRoleChanges,
  listUsers,
  lockAdmins,
  lockOrCreateUser,
  orderTotalsOf,
  retireTokens,
  revokeToken,
  updateProfile,
  type UserRow,
} from './users.repo.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

export function toUser(row: UserRow): User {
  return {
    email: row.email,
    userName: row.userName,
    phone: row.phone,
    education: row.education,
    address: row.address,
    linkedIn: row.linkedIn,
    role: row.role,
  };
}

/** "That user, or an admin" (docs/product.md#who-may-do-what); anyone else is told no before being told whether the user exists. */
function assertSelfOrAdmin(caller: Caller, email: string): void {
  if (caller.email !== email && caller.role !== 'admin') throw forbidden();
}

/** ADMIN_EMAILS count only when verified: anyone can register an address they do not own. */
function isBootstrapAdmin(config: Pick<Config, 'ADMIN_EMAILS'>, identity: Identity): boolean {
  return identity.emailVerified && config.ADMIN_EMAILS.some((e) => e.toLowerCase() === identity.email);
}

/**
 * The first sign-in binds the row to its Firebase account; another may take it over only with a verified email. An
 * unbound admin row (the demo seed) needs one even at first.
 */
export type Binding = 'same' | 'claim' | 'rebind' | 'refuse';

export function bindingFor(row: Pick<UserRow, 'uid' | 'role'>, identity: Identity): Binding {
  if (row.uid === identity.uid) return 'same';
  if (row.uid === null) return identity.emailVerified || row.role !== 'admin' ? 'claim' : 'refuse';
  return identity.emailVerified ? 'rebind' : 'refuse';
}

export const accountTakenMessage =
  'This email address belongs to another sign-in. Verify your email address, then sign in again.';

function tokenSubject(row: UserRow): TokenSubject {
  if (!row.uid) throw new Error(`the user ${row.email} has no uid to sign a token for`);
  return { email: row.email, uid: row.uid, tokenVersion: row.tokenVersion };
}

/** The sign-in exchange; an ID token from before an email change still verifies, naming the old address. */
export async function exchangeIdToken(
  deps: { db: Db; tokens: TokenService; config: Pick<Config, 'ADMIN_EMAILS'> },
  log: FastifyBaseLogger,
  identity: Identity | null,
  account: AccountStatus | null,
  pathEmail: string,
  bodyEmail: string,
): Promise<{ token: string }> {
  if (!identity) throw unauthorized(apiMessages.signInUnverified);
  if (identity.email !== pathEmail || bodyEmail !== pathEmail) {
    throw forbidden(apiMessages.signInEmailMismatch);
  }
  if (account?.exists && !emailIsCurrent(account, identity.email)) throw unauthorized(apiMessages.accountEmailChanged);
  const makeAdmin = isBootstrapAdmin(deps.config, identity);
  const row = await deps.db.transaction(async (tx) => {
    const found = await lockOrCreateUser(tx, {
      email: identity.email,
      uid: identity.uid,
      userName: identity.name ?? '',
      role: makeAdmin ? 'admin' : 'customer',
      emailVerified: identity.emailVerified,
    });
    if (found.created) return found.row;
    const binding = bindingFor(found.row, identity);
    if (binding === 'refuse') throw unauthorized(accountTakenMessage);
    const bound = await bindUser(tx, {
      email: identity.email,
      uid: identity.uid,
      userName: identity.name ?? '',
      emailVerified: identity.emailVerified,
      retireTokens: binding === 'rebind',
    });
    // The uids say which row (the new one is in it); the email stays out of the log.
    if (binding === 'rebind') {
      log.warn({ oldUid: found.row.uid, newUid: identity.uid }, 'user rebound to another Firebase account');
    }
    if (!makeAdmin) return bound;
    return (await changeRole(tx, identity.email, 'admin')) ?? bound;
  });
  return { token: await deps.tokens.sign(tokenSubject(row)) };
}

/** Every API token and Firebase session of the caller ends, so no device can exchange its way back. */
export async function signOutEverywhere(deps: { db: Db; identity: IdentityVerifier }, caller: Caller): Promise<void> {
  await retireTokens(deps.db, caller.email);
  await deps.identity.revokeSessions(caller.uid);
}

/** Ends this token only; other devices stay signed in. */
export async function signOut(db: Db, caller: Caller): Promise<void> {
  await revokeToken(db, caller.token);
}

/** Only the user edits their profile; admins manage roles, not other people's details. */
export async function editProfile(db: Db, caller: Caller, email: string, input: ProfileInput): Promise<User> {
  if (caller.email !== email) throw forbidden(apiMessages.ownProfileOnly);
  if (input.email !== undefined && input.email !== email) {
    throw badRequest(apiMessages.profileEmailMismatch);
  }
  const row = await updateProfile(db, email, {
    phone: input.phone,
    education: input.education,
    address: input.address,
    linkedIn: input.linkedIn,
    // An empty name field keeps the name the user has rather than blanking it.
    ...(input.userName ? { userName: input.userName } : {}),
  });
  if (!row) throw notFound(apiMessages.userNotFound);
  return toUser(row);
}

/** Save to my profile from an order form: only the phone and address change, and only the user's own. */
export async function editDelivery(db: Db, caller: Caller, email: string, input: DeliveryProfileInput): Promise<User> {
  if (caller.email !== email) throw forbidden(apiMessages.ownProfileOnly);
  const row = await updateProfile(db, email, { phone: input.phone, address: input.address });
  if (!row) throw notFound(apiMessages.userNotFound);
  return toUser(row);
}

export async function getUser(db: Db, caller: Caller, email: string): Promise<User> {
  assertSelfOrAdmin(caller, email);
  const row = await findUser(db, email);
  if (!row) throw notFound(apiMessages.userNotFound);
  return toUser(row);
}

/** Admin: users by email with their orders and spending, a page at a time (limit + 1 rows, to know whether more follow). */
export async function pageOfUsers(
  db: Db,
  query: { limit: number; after?: string; q?: string },
): Promise<UserSummary[]> {
  const rows = await listUsers(db, query.limit + 1, { after: query.after, q: query.q });
  const totals = await orderTotalsOf(
    db,
    rows.map((row) => row.email),
  );
  return rows.map((row) => {
    const { orders = 0, spentCents = 0 } = totals.get(row.email) ?? {};
    return { ...toUser(row), signedUpAt: row.createdAt.toISOString(), orders, spent: centsToPriceString(spentCents) };
  });
}

type Modified = { acknowledged: boolean; modifiedCount: number };

/**
 * Idempotent; old tokens stop at once. Only a verified email may be promoted: anyone can sign up with a colleague's.
 */
export async function makeAdmin(db: Db, caller: Caller, email: string): Promise<Modified> {
  const target = await findUser(db, email);
  if (!target) throw notFound(apiMessages.userNotFound);
  if (!target.emailVerified && target.role !== 'admin') throw conflict(apiMessages.makeAdminUnverified);
  const modifiedCount = await db.transaction(async (tx) => {
    const changed = await changeRole(tx, email, 'admin');
    if (changed) await recordRoleChange(tx, caller, email, 'admin');
    return changed ? 1 : 0;
  });
  return { acknowledged: true, modifiedCount };
}

/** Never oneself or the last admin; locks every admin row, so two removing each other serialize. */
export async function removeAdmin(db: Db, caller: Caller, email: string): Promise<Modified> {
  if (email === caller.email) throw conflict(apiMessages.ownAdminRole);
  const modifiedCount = await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    if (!admins.includes(caller.email)) throw forbidden();
    if (!admins.includes(email)) return 0;
    if (admins.length <= 1) throw conflict(apiMessages.lastAdmin);
    const changed = await changeRole(tx, email, 'customer');
    if (changed) await recordRoleChange(tx, caller, email, 'customer');
    return changed ? 1 : 0;
  });
  if (modifiedCount === 0 && !(await findUser(db, email))) throw notFound(apiMessages.userNotFound);
  return { acknowledged: true, modifiedCount };
}

/** A change of role, in the audit log: the users screen's history reads these records. */
function recordRoleChange(tx: Db, caller: Caller, email: string, role: 'admin' | 'customer') {
  const was = role === 'admin' ? 'customer' : 'admin';
  return recordChange(tx, caller, {
    kind: 'user.role',
    entity: 'user',
    entityId: email,
    before: { role: was },
    after: { role },
  });
}

/** The users screen's history of role changes, newest first. */
export async function pageOfRoleChanges(db: Db, limit: number, before?: string) {
  const rows = await listRoleChanges(db, limit + 1, before);
  return rows.map((row): RoleChange & { id: string } => ({
    id: row.id,
    actorEmail: row.actorEmail,
    targetEmail: row.targetEmail,
    role: row.after?.role === 'admin' ? 'admin' : 'customer',
    changedAt: row.createdAt.toISOString(),
  }));
}

export async function adminCheck(db: Db, caller: Caller, email: string): Promise<{ admin: boolean }> {
  assertSelfOrAdmin(caller, email);
  const row = await findUser(db, email);
  if (!row) throw notFound(apiMessages.userNotFound);
  return { admin: row.role === 'admin' };
}
