import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'parts-shop-api';
const AUDIENCE = 'parts-shop-web';

/**
 * Who an API token speaks for: the user's email (the subject), the Firebase account it was
 * issued to and the user's token version then. The guards compare both with the user's row,
 * so a rebinding, a role change or "sign out everywhere" retires every older token.
 */
export type TokenSubject = { email: string; uid: string; tokenVersion: number };

/**
 * A verified token's subject; its own id (`jti`), so Logout can end this token alone; when it
 * was issued (ms), to compare with the Firebase account's sessions; and when it expires (ms),
 * how long a Logout must remember it.
 */
export type VerifiedToken = TokenSubject & { tokenId: string; issuedAtMs: number; expiresAtMs: number };

/** The API's own access tokens (docs/product.md#sign-in-and-tokens): HS256, with exp, issuer and audience checked. */
export type TokenService = {
  sign: (subject: TokenSubject) => Promise<string>;
  verify: (token: string) => Promise<VerifiedToken | null>;
};

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ email, uid, tokenVersion }) =>
      new SignJWT({ email, uid, ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(email)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const { sub, uid, ver, jti, iat, exp } = payload;
        // A token from before uid, version and id were claims proves too little: sign in again.
        if (typeof sub !== 'string' || !sub || typeof uid !== 'string' || !uid) return null;
        if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
        if (typeof jti !== 'string' || !jti || typeof iat !== 'number' || typeof exp !== 'number') return null;
        return { email: sub, uid, tokenVersion: ver, tokenId: jti, issuedAtMs: iat * 1000, expiresAtMs: exp * 1000 };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

export const tokenClaims = { issuer: ISSUER, audience: AUDIENCE };
