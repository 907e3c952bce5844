import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { tokenClaims } from '#api/lib/tokens.ts';
import { useTestApp } from '#api-test/test-app.ts';
import { changeRole } from './users.repo.ts';
import { accountTakenMessage } from './users.service.ts';
import {
  createFirebaseAccount,
  deleteFirebaseAccount,
  deviceSession,
  refreshIdToken,
  signInWithPassword,
  uniqueEmail,
  verifyFirebaseEmail,
} from '#api-test/firebase-accounts.ts';

// Accounts belong to the Firebase account that first signed in for their email; API tokens
// carry that uid and the user's token version, and die with a rebinding, a role change or
// "sign out everywhere". Real Firebase accounts in the emulator, on PGlite and PostgreSQL.

const log: string[] = [];
const t = useTestApp({ config: { LOG_LEVEL: 'info' }, logStream: { write: (line) => log.push(line) } });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function exchange(email: string, idToken: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/users/${encodeURIComponent(email)}`,
    headers: bearer(idToken),
    payload: { email },
  });
}

async function exchangedToken(email: string, idToken: string): Promise<string> {
  const res = await exchange(email, idToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

async function rowOf(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user row for ${email}`);
  return row;
}

/** What the API answers this token on a guarded read of its own user. */
async function statusWith(token: string, email: string): Promise<number> {
  return (await t.app.inject({ url: `/api/admin/${encodeURIComponent(email)}`, headers: bearer(token) })).statusCode;
}

describe('an account is bound to the Firebase account that first signs in', () => {
  it('binds the row to the uid and signs that uid and the token version into the token', async () => {
    const account = await createFirebaseAccount();
    const token = await exchangedToken(account.email, account.idToken);
    expect(await rowOf(account.email)).toMatchObject({ uid: account.uid, tokenVersion: 0 });
    expect(await t.deps.tokens.verify(token)).toMatchObject({
      email: account.email,
      uid: account.uid,
      tokenVersion: 0,
    });
  });

  it("refuses a deleted admin's email registered again by someone else (unverified): 401, and the row stays theirs", async () => {
    const admin = await createFirebaseAccount({ emailVerified: true });
    await exchangedToken(admin.email, admin.idToken);
    await changeRole(t.database.db, admin.email, 'admin');
    await deleteFirebaseAccount(admin.uid);

    const impostor = await createFirebaseAccount({ email: admin.email });
    const res = await exchange(admin.email, impostor.idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: accountTakenMessage });
    expect(await rowOf(admin.email)).toMatchObject({ uid: admin.uid, role: 'admin' });
  });

  it('lets a verified owner take back an email someone pre-registered unverified: rebound, logged, old tokens 401', async () => {
    const email = uniqueEmail('owner');
    const squatter = await createFirebaseAccount({ email });
    const squatterToken = await exchangedToken(email, squatter.idToken);
    expect(await statusWith(squatterToken, email)).toBe(200);

    // The owner regains the address at Firebase (the squatter's account is gone) and proves it.
    await deleteFirebaseAccount(squatter.uid);
    const owner = await createFirebaseAccount({ email, emailVerified: true });
    const logged = log.length;
    const ownerToken = await exchangedToken(email, owner.idToken);

    expect(await rowOf(email)).toMatchObject({ uid: owner.uid, tokenVersion: 1 });
    expect(await statusWith(squatterToken, email)).toBe(401);
    expect(await statusWith(ownerToken, email)).toBe(200);
    const entries = log.slice(logged).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'user rebound to another Firebase account',
        oldUid: squatter.uid,
        newUid: owner.uid,
      }),
    );
    expect(log.slice(logged).join('')).not.toContain(email.split('@')[0]);
  });

  it('refuses a second, unverified Firebase account for a bound email, even a customer one', async () => {
    const first = await createFirebaseAccount();
    const firstToken = await exchangedToken(first.email, first.idToken);
    await deleteFirebaseAccount(first.uid);
    const second = await createFirebaseAccount({ email: first.email });
    expect((await exchange(first.email, second.idToken)).statusCode).toBe(401);
    // The row stays the first account's, whose own token ended with the account.
    expect(await rowOf(first.email)).toMatchObject({ uid: first.uid });
    expect(await statusWith(firstToken, first.email)).toBe(401);
  });

  it('lets an unbound admin row (the demo seed) be claimed only by a verified email', async () => {
    const email = uniqueEmail('seeded-admin');
    await t.database.db.insert(users).values({ email, userName: 'Seeded Admin', role: 'admin' });

    const unverified = await createFirebaseAccount({ email });
    expect((await exchange(email, unverified.idToken)).statusCode).toBe(401);
    expect(await rowOf(email)).toMatchObject({ uid: null, role: 'admin' });

    await verifyFirebaseEmail(unverified.uid);
    const token = await exchangedToken(email, await signInWithPassword(email, unverified.password));
    expect(await rowOf(email)).toMatchObject({ uid: unverified.uid, role: 'admin' });
    const check = await t.app.inject({ url: `/api/admin/${email}`, headers: bearer(token) });
    expect(check.json()).toEqual({ admin: true });
  });

  it('lets the first sign-in claim an unbound customer row, verified or not', async () => {
    const email = uniqueEmail('seeded-customer');
    await t.database.db.insert(users).values({ email, userName: 'Seeded Customer' });
    const account = await createFirebaseAccount({ email });
    await exchangedToken(email, account.idToken);
    expect(await rowOf(email)).toMatchObject({ uid: account.uid, tokenVersion: 0, role: 'customer' });
  });
});

describe('token version', () => {
  it('retires every token on any role change made through changeRole, promotion or demotion', async () => {
    const account = await createFirebaseAccount({ emailVerified: true });
    const customerToken = await exchangedToken(account.email, account.idToken);
    expect(await changeRole(t.database.db, account.email, 'admin')).toMatchObject({ role: 'admin', tokenVersion: 1 });
    expect(await statusWith(customerToken, account.email)).toBe(401);

    const adminToken = await exchangedToken(account.email, await signInWithPassword(account.email, account.password));
    expect(await statusWith(adminToken, account.email)).toBe(200);
    expect(await changeRole(t.database.db, account.email, 'admin')).toBeUndefined();
    expect(await statusWith(adminToken, account.email)).toBe(200);
    expect(await changeRole(t.database.db, account.email, 'customer')).toMatchObject({ tokenVersion: 2 });
    expect(await statusWith(adminToken, account.email)).toBe(401);
  });

  it('refuses a token signed with the right secret but without uid and version (issued before they were claims)', async () => {
    const { authorization } = await t.signIn('old-token@example.test');
    expect(authorization).toMatch(/^Bearer /);
    const old = await new SignJWT({ email: 'old-token@example.test' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('old-token@example.test')
      .setIssuer(tokenClaims.issuer)
      .setAudience(tokenClaims.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.deps.config.JWT_SECRET));
    expect(await statusWith(old, 'old-token@example.test')).toBe(401);
  });
});

describe('sign out everywhere (POST /api/users/me/sign-out-everywhere)', () => {
  const signOutEverywhere = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/me/sign-out-everywhere', headers: bearer(token) });

  it("retires every API token of the caller and ends their Firebase sessions, no one else's", async () => {
    const account = await createFirebaseAccount({ emailVerified: true });
    const laptop = await deviceSession(account.email, account.password);
    const phone = await deviceSession(account.email, account.password);
    const laptopToken = await exchangedToken(account.email, laptop.idToken);
    const phoneToken = await exchangedToken(account.email, phone.idToken);
    const bystander = await createFirebaseAccount();
    const bystanderToken = await exchangedToken(bystander.email, bystander.idToken);
    // Firebase compares sign-in times in whole seconds: the revocation must come a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const res = await signOutEverywhere(laptopToken);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    expect(await statusWith(laptopToken, account.email)).toBe(401);
    expect(await statusWith(phoneToken, account.email)).toBe(401);
    expect((await signOutEverywhere(phoneToken)).statusCode).toBe(401);
    // No device can exchange its way back in, with the ID token it holds or a refreshed one
    // (the emulator still refreshes, real Firebase refuses; either way the sign-in predates
    // the revocation).
    expect((await exchange(account.email, phone.idToken)).statusCode).toBe(401);
    const refreshed = await refreshIdToken(phone.refreshToken);
    if (refreshed !== null) expect((await exchange(account.email, refreshed)).statusCode).toBe(401);
    expect(await statusWith(bystanderToken, bystander.email)).toBe(200);

    // Signing in again with the password works, as for anyone signed out.
    const fresh = await exchangedToken(account.email, await signInWithPassword(account.email, account.password));
    expect(await statusWith(fresh, account.email)).toBe(200);
    expect(await rowOf(account.email)).toMatchObject({ uid: account.uid, tokenVersion: 1 });
  });

  it('answers 401 without a token and changes nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/me/sign-out-everywhere' });
    expect(res.statusCode).toBe(401);
  });
});
