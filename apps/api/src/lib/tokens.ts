import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'parts-shop-api';
const AUDIENCE = 'parts-shop-web';

/**
 * Who an API token speaks for: the user's email (the subject), the Firebase account it was
 * issued to and the user's token version then. The guards compare both with the user's row,
 * so a rebinding, a role change or "sign out everywhere" retires every older token.
 */
export type TokenSubject = { email: string; uid: string; tokenVersion: number };

/** A verified token's subject and when it was issued (ms), to compare with the Firebase account's sessions. */
export type VerifiedToken = TokenSubject & { issuedAtMs: number };

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
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const { sub, uid, ver, iat } = payload;
        // A token from before uid and version were claims proves too little: sign in again.
        if (typeof sub !== 'string' || !sub || typeof uid !== 'string' || !uid) return null;
        if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
        if (typeof iat !== 'number') return null;
        return { email: sub, uid, tokenVersion: ver, issuedAtMs: iat * 1000 };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

export const tokenClaims = { issuer: ISSUER, audience: AUDIENCE };
