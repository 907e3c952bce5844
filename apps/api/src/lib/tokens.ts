import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'parts-shop-api';
const AUDIENCE = 'parts-shop-web';

/** The API's own access tokens (docs/product.md#sign-in-and-tokens): HS256, with exp, issuer and audience checked. */
export type TokenService = {
  sign: (email: string) => Promise<string>;
  verify: (token: string) => Promise<{ email: string } | null>;
};

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (email) =>
      new SignJWT({ email })
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
        return typeof payload.sub === 'string' && payload.sub ? { email: payload.sub } : null;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}

export const tokenClaims = { issuer: ISSUER, audience: AUDIENCE };
