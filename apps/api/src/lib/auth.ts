import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { revokedTokens, users } from '../db/schema.ts';
import type { AccountCheck } from './account-check.ts';
import { forbidden, HttpError, unauthorized } from './http-error.ts';
import { emailIsCurrent, IdentityUnavailableError, type AccountStatus } from './identity.ts';
import type { TokenService, VerifiedToken } from './tokens.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** Who a guarded request runs for, and the token it came with (its id and expiry, for Logout). */
export type Caller = {
  email: string;
  uid: string;
  role: 'admin' | 'customer';
  token: { id: string; expiresAtMs: number };
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer (\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Route guards as `preValidation` hooks, so a stranger hears 401 and a customer 403, never a 400. The role and token
 * version come from the database on every request, never from the token.
 */
export function createGuards(db: Db, tokens: TokenService, accountStatus: AccountCheck) {
  // Firebase out of reach must not take every signed-in page down with it: the token, its
  // version and the row still decide, and the account is asked again on the next request.
  async function currentAccount(uid: string): Promise<AccountStatus | null> {
    try {
      return await accountStatus(uid);
    } catch (error) {
      if (error instanceof IdentityUnavailableError) return null;
      throw error;
    }
  }

  /** Refuses a token the Firebase account no longer vouches for, including one for an address it has left. */
  async function checkAccount(claims: VerifiedToken, emailVerified: boolean): Promise<void> {
    const account = await currentAccount(claims.uid);
    if (!account) return;
    if (!account.exists || account.disabled || claims.issuedAtMs < account.validAfterMs) throw unauthorized();
    if (!emailIsCurrent(account, claims.email)) throw unauthorized(apiMessages.accountEmailChanged);
    if (account.emailVerified !== emailVerified) {
      await db
        .update(users)
        .set({ emailVerified: account.emailVerified, updatedAt: sql`now()` })
        .where(and(eq(users.email, claims.email), eq(users.uid, claims.uid)));
    }
  }

  async function signedIn(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized(apiMessages.signIn);
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized();
    const [row] = await db
      .select({
        role: users.role,
        uid: users.uid,
        tokenVersion: users.tokenVersion,
        emailVerified: users.emailVerified,
        loggedOut: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${claims.tokenId})`,
      })
      .from(users)
      .where(eq(users.email, claims.email))
      .limit(1);
    if (!row || row.uid !== claims.uid || row.tokenVersion !== claims.tokenVersion || row.loggedOut)
      throw unauthorized();
    await checkAccount(claims, row.emailVerified);
    request.caller = {
      email: claims.email,
      uid: claims.uid,
      role: row.role,
      token: { id: claims.tokenId, expiresAtMs: claims.expiresAtMs },
    };
  }

  async function admin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await signedIn(request, reply);
    if (request.caller?.role !== 'admin') throw forbidden();
  }

  /** For public reads that show admins more: any other token reads as a stranger's. */
  async function isAdmin(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!bearerToken(request)) return false;
    try {
      await admin(request, reply);
      return true;
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403)) return false;
      throw error;
    }
  }

  return { signedIn, admin, isAdmin };
}

export type Guards = ReturnType<typeof createGuards>;

/** The caller a guarded route runs for; a guard has always set it. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
