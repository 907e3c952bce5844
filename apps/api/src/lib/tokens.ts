import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'parts-shop-api';
const AUDIENCE = 'parts-shop-web';

/** Uid and token version are checked against the user's row, so older tokens retire on any change. */
export type TokenSubject = { email: string; uid: string; tokenVersion: number };

/** `tokenId` (the jti) lets Logout end this token alone; `issuedAtMs` is compared with the account's sessions. */
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
