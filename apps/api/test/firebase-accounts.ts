import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { tokenClaims } from '#api/lib/tokens.ts';

// Test-only helpers: real Firebase accounts and ID tokens from the Auth emulator's REST API
// (no mocks), and API access tokens that are wrong in each way a verifier must catch.

const PROJECT_ID = 'demo-parts-shop';

/** The emulator the test run uses (test/global-setup.ts starts one unless it is given). */
export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set; the api project global setup provides it');
  return host;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function identityToolkit(endpoint: string, body: unknown, admin = false): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok || !isRecord(json)) throw new Error(`${endpoint} failed: ${JSON.stringify(json)}`);
  return json;
}

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  if (typeof value !== 'string') throw new Error(`expected a string ${key} in ${JSON.stringify(record)}`);
  return value;
}

/** A fresh address on a reserved test domain, so tests never share an account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export type FirebaseAccount = { email: string; password: string; uid: string; idToken: string };

export async function signInWithPassword(email: string, password: string): Promise<string> {
  const json = await identityToolkit('accounts:signInWithPassword?key=any', {
    email,
    password,
    returnSecureToken: true,
  });
  return text(json, 'idToken');
}

/** Signs up as the web app does, optionally named and verified; answers an ID token carrying those claims. */
export async function createFirebaseAccount(
  options: { email?: string; password?: string; displayName?: string; emailVerified?: boolean } = {},
): Promise<FirebaseAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'test-pass-2022';
  const created = await identityToolkit('accounts:signUp?key=any', { email, password, returnSecureToken: true });
  const uid = text(created, 'localId');
  if (options.displayName !== undefined || options.emailVerified !== undefined) {
    await identityToolkit(
      `projects/${PROJECT_ID}/accounts:update`,
      { localId: uid, displayName: options.displayName, emailVerified: options.emailVerified },
      true,
    );
  }
  return { email, password, uid, idToken: await signInWithPassword(email, password) };
}

export async function disableFirebaseAccount(uid: string): Promise<void> {
  await identityToolkit(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, disableUser: true }, true);
}

/** A fresh ID token from a refresh token, as the web SDK gets hourly; null when Firebase refuses. */
export async function refreshIdToken(refreshToken: string): Promise<string | null> {
  const response = await fetch(`http://${emulatorHost()}/securetoken.googleapis.com/v1/token?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  const json: unknown = await response.json();
  if (!response.ok) return null;
  if (!isRecord(json)) throw new Error(`token refresh answered ${JSON.stringify(json)}`);
  return text(json, 'id_token');
}

/** Signs in and answers both tokens a device keeps: the ID token and the refresh token. */
export async function deviceSession(
  email: string,
  password: string,
): Promise<{ idToken: string; refreshToken: string }> {
  const json = await identityToolkit('accounts:signInWithPassword?key=any', {
    email,
    password,
    returnSecureToken: true,
  });
  return { idToken: text(json, 'idToken'), refreshToken: text(json, 'refreshToken') };
}

/** Deletes the account, as its owner or the project's admin can; its email is free again. */
export async function deleteFirebaseAccount(uid: string): Promise<void> {
  await identityToolkit(`projects/${PROJECT_ID}/accounts:delete`, { localId: uid }, true);
}

/** Marks the account's email verified, as following the verification link does. */
export async function verifyFirebaseEmail(uid: string): Promise<void> {
  await identityToolkit(`projects/${PROJECT_ID}/accounts:update`, { localId: uid, emailVerified: true }, true);
}

/** Firebase's "verify and change": the new address becomes the account's; earlier ID tokens still verify with the old one. */
export async function changeFirebaseEmail(idToken: string, newEmail: string): Promise<void> {
  await identityToolkit('accounts:sendOobCode?key=any', { requestType: 'VERIFY_AND_CHANGE_EMAIL', idToken, newEmail });
  const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const json: unknown = await response.json();
  const codes = isRecord(json) && Array.isArray(json.oobCodes) ? json.oobCodes.filter(isRecord) : [];
  const link = codes.findLast((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL' && code.newEmail === newEmail);
  if (!link) throw new Error(`no verify-and-change link for ${newEmail} in ${JSON.stringify(json)}`);
  await identityToolkit('accounts:update?key=any', { oobCode: text(link, 'oobCode') });
}

/** An unsigned emulator-shaped token with chosen claims; firebase-admin must refuse wrong ones. */
export function unsignedFirebaseToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'password', identities: {} },
    ...claims,
  };
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

const TEST_UID_PREFIX = 'test:';

/** The uid of a row a test writes itself; no Firebase uid has a colon, so no sign-up gets it. */
export function testUid(email: string): string {
  return `${TEST_UID_PREFIX}${email}`;
}

const testAccounts = new Map<string, Promise<void>>();

/** An enabled, verified emulator account for this uid (the API's account check asks Firebase); made once per uid. */
export function testAccount(uid: string): Promise<void> {
  let made = testAccounts.get(uid);
  if (!made) {
    const account = { localId: uid, email: uid.slice(TEST_UID_PREFIX.length), emailVerified: true };
    made = identityToolkit(`projects/${PROJECT_ID}/accounts`, account, true).then(
      () => undefined,
      async (error: unknown) => {
        if (!String(error).includes('DUPLICATE_LOCAL_ID')) throw error;
        await identityToolkit(`projects/${PROJECT_ID}/accounts:update`, account, true);
      },
    );
    testAccounts.set(uid, made);
  }
  return made;
}

export const badTokenKinds = ['forged', 'expired', 'wrongAudience', 'wrongIssuer', 'algNone'] as const;
export type BadTokenKind = (typeof badTokenKinds)[number];

/** API tokens for `email` that must be refused, each with exactly one defect (the uid and version match `signIn`'s row). */
export async function badApiToken(kind: BadTokenKind, email: string, secret: string): Promise<string> {
  const key = new TextEncoder().encode(secret);
  const base = (claims: { issuer?: string; audience?: string } = {}) =>
    new SignJWT({ email, uid: testUid(email), ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(email)
      .setIssuer(claims.issuer ?? tokenClaims.issuer)
      .setAudience(claims.audience ?? tokenClaims.audience)
      .setIssuedAt();
  switch (kind) {
    case 'forged':
      return base()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(`${secret}-but-not-quite`));
    case 'expired':
      return base()
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key);
    case 'wrongAudience':
      return base({ audience: 'some-other-app' }).setExpirationTime('1h').sign(key);
    case 'wrongIssuer':
      return base({ issuer: 'someone-else' }).setExpirationTime('1h').sign(key);
    case 'algNone': {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        email,
        uid: testUid(email),
        ver: 0,
        sub: email,
        iss: tokenClaims.issuer,
        aud: tokenClaims.audience,
        iat: now,
        exp: now + 3600,
      };
      return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
    }
  }
}
