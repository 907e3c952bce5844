import { z } from 'zod';
import { lazySchema } from '@parts-shop/shared/lazy-schema';

/** Pure decisions of the session and its guards, kept apart so they can be tested alone. */

export type AuthGuardDecision = 'wait' | 'login' | 'allow';

/** RequireAuth: wait while a stored session is being confirmed, otherwise signed in or off to /login. */
export function authGuardDecision(state: { initializing: boolean; signedIn: boolean }): AuthGuardDecision {
  if (state.signedIn) return 'allow';
  return state.initializing ? 'wait' : 'login';
}

export type AdminGuardDecision = 'wait' | 'login' | 'deny' | 'error' | 'allow';

/**
 * RequireAdmin (docs/product.md#screens-and-routes): the server decides; while it has not answered we wait, a
 * non-admin is denied (signed out and sent to /login), and a failed check is shown as
 * an error rather than guessed either way.
 */
export function adminGuardDecision(state: {
  initializing: boolean;
  signedIn: boolean;
  isAdmin: boolean | null;
  adminCheckFailed: boolean;
}): AdminGuardDecision {
  const signIn = authGuardDecision(state);
  if (signIn !== 'allow') return signIn;
  if (state.isAdmin === true) return 'allow';
  if (state.isAdmin === false) return 'deny';
  return state.adminCheckFailed ? 'error' : 'wait';
}

/** The location state a guard sends to /login: the page to come back to. */
export type LoginRedirectState = { from: string };

const locationLike = lazySchema(() =>
  z.object({
    pathname: z.string(),
    search: z.string().optional(),
    hash: z.string().optional(),
  }),
);

const redirectState = lazySchema(() => z.object({ from: z.union([z.string(), locationLike]) }));

function isAuthPage(path: string): boolean {
  const pathname = (path.split(/[?#]/)[0] ?? '').replace(/(?<!\/)\/+$/, '').toLowerCase();
  return pathname === '/login' || pathname === '/signup' || pathname.startsWith('/auth/');
}

/**
 * Where to go after signing in: the page the guard stopped (location state `from`, as a
 * path or a location), else home. Only paths of this site: never "//evil.example" or an
 * absolute URL, and never back to the login pages themselves.
 */
export function redirectTarget(state: unknown, fallback = '/'): string {
  const parsed = redirectState.safeParse(state);
  if (!parsed.success) return fallback;
  const { from } = parsed.data;
  const path = typeof from === 'string' ? from : `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return isAuthPage(path) ? fallback : path;
}

const claimsSchema = lazySchema(() =>
  z.object({
    sub: z.string().optional(),
    email: z.string().optional(),
    exp: z.number().optional(),
  }),
);

/**
 * The readable part of the API token (a JWT). The browser does not verify it (the API
 * does on every call); it only lets a reload decide whether the stored token still
 * belongs to the Firebase user and has not expired, instead of finding out by a 401.
 */
export function readTokenClaims(token: string): { email: string | null; expiresAt: number | null } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const parsed = claimsSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const email = parsed.data.email ?? parsed.data.sub ?? null;
    return {
      email: email ? email.toLowerCase() : null,
      expiresAt: parsed.data.exp === undefined ? null : parsed.data.exp * 1000,
    };
  } catch {
    return null;
  }
}

/** Margin so a token about to expire is renewed now rather than failing mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Whether a stored token can carry the session of `email`. A token we cannot read is left
 * to the API to judge (it answers 401, which signs out cleanly).
 */
export function isTokenUsableFor(token: string, email: string, now = Date.now()): boolean {
  const claims = readTokenClaims(token);
  if (!claims) return true;
  if (claims.email !== null && claims.email !== email.toLowerCase()) return false;
  return claims.expiresAt === null || claims.expiresAt - EXPIRY_MARGIN_MS > now;
}
