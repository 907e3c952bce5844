import { apiMessages } from '@parts-shop/shared/api-messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { dueEmails } from '#api/domain/emails/outbox.repo.ts';
import { addPart, payOrder, placeOrder } from '#api-test/shop-fixtures.ts';
import { useTestApp } from '#api-test/test-app.ts';
import {
  changeFirebaseEmail,
  createFirebaseAccount,
  deleteFirebaseAccount,
  disableFirebaseAccount,
  emulatorHost,
  signInWithPassword,
  uniqueEmail,
  verifyFirebaseEmail,
} from '#api-test/firebase-accounts.ts';

// An API token speaks for a Firebase account only while that account would still sign in
// (docs/security.md#api-tokens-and-the-firebase-account). The check is repeated at most every
// FIREBASE_ACCOUNT_CHECK_SECONDS (a minute by default); one second here, so the tests wait little.

const CHECK_SECONDS = 1;

const t = useTestApp({ config: { FIREBASE_ACCOUNT_CHECK_SECONDS: String(CHECK_SECONDS) } });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const pastTheCheck = () => new Promise((resolve) => setTimeout(resolve, CHECK_SECONDS * 1000 + 100));

async function apiToken(email: string, idToken: string): Promise<string> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${encodeURIComponent(email)}`,
    headers: bearer(idToken),
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

async function customer(options: { emailVerified?: boolean } = {}) {
  const account = await createFirebaseAccount(options);
  return { ...account, token: await apiToken(account.email, account.idToken) };
}

/** What a signed-in customer does: read their profile, and place an order. */
async function profileStatus(email: string, token: string): Promise<number> {
  return (await t.app.inject({ url: `/api/users/${encodeURIComponent(email)}`, headers: bearer(token) })).statusCode;
}

/** Sets a new password the way the account's owner does, through Firebase. */
async function changePassword(idToken: string, password: string): Promise<void> {
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, password, returnSecureToken: true }),
  });
  expect(res.ok, await res.clone().text()).toBe(true);
}

describe('API tokens follow the Firebase account', () => {
  it('stop working once the account is disabled', async () => {
    const { email, uid, token } = await customer();
    expect(await profileStatus(email, token)).toBe(200);
    await disableFirebaseAccount(uid);
    await pastTheCheck();
    expect(await profileStatus(email, token)).toBe(401);
  });

  it('stop working once the account is deleted, ordering included', async () => {
    const { email, uid, token } = await customer();
    expect(await profileStatus(email, token)).toBe(200);
    await deleteFirebaseAccount(uid);
    await pastTheCheck();
    expect(await profileStatus(email, token)).toBe(401);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(token),
      payload: {
        partId: '0190a000-0000-7000-8000-000000000000',
        totalOrder: 1,
        phoneNumber: '+1 555 0100',
        address: 'x',
      },
    });
    expect(order.statusCode).toBe(401);
  });

  it('stop working after a password change; a sign-in with the new password works', async () => {
    const { email, idToken, token } = await customer();
    expect(await profileStatus(email, token)).toBe(200);
    // Firebase counts sessions from the second after the change: a token from the same second stays.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await changePassword(idToken, 'a-new-pass-2026');
    await pastTheCheck();
    expect(await profileStatus(email, token)).toBe(401);

    const fresh = await apiToken(email, await signInWithPassword(email, 'a-new-pass-2026'));
    expect(await profileStatus(email, fresh)).toBe(200);
  });

  it('Logout ends its own API token on the server, and only that one (POST /users/me/sign-out)', async () => {
    const { email, token, idToken } = await customer();
    const otherDevice = await apiToken(email, idToken);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/me/sign-out', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect(await profileStatus(email, token)).toBe(401);
    expect(await profileStatus(email, otherDevice)).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/sign-out' })).statusCode).toBe(401);
  });
});

describe('Make Admin and email verification', () => {
  it('refuses an identity whose email is not verified, and promotes it once verified', async () => {
    const admin = await t.signIn('verifier-admin@example.test', 'admin');
    const claimant = await customer({ emailVerified: false });
    const url = `/api/users/admin/${claimant.email}`;

    const refused = await t.app.inject({ method: 'PUT', url, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: apiMessages.makeAdminUnverified });
    const check = await t.app.inject({ url: `/api/admin/${claimant.email}`, headers: admin });
    expect(check.json()).toEqual({ admin: false });

    // Following the verification link, then signing in again, proves the address.
    await verifyFirebaseEmail(claimant.uid);
    await apiToken(claimant.email, await signInWithPassword(claimant.email, claimant.password));
    const made = await t.app.inject({ method: 'PUT', url, headers: admin });
    expect(made.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
  });
});

describe('an account that changed its email ("verify and change")', () => {
  const verifiedRow = async (email: string) =>
    (await t.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.email, email)))[0]?.v;

  it('leaves its old tokens no say over the old address: 401 by name, no verification copied, no email, no review', async () => {
    const old = await customer({ emailVerified: false });
    const partId = await addPart(t);
    const order = await placeOrder(t, bearer(old.token), partId);
    await payOrder(t, bearer(old.token), order._id);

    const newEmail = uniqueEmail('moved');
    await changeFirebaseEmail(old.idToken, newEmail);
    await pastTheCheck();

    const profile = await t.app.inject({ url: `/api/users/${old.email}`, headers: bearer(old.token) });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual({ message: apiMessages.accountEmailChanged });
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/parts/${partId}/reviews`,
      headers: bearer(old.token),
      payload: { rating: 5 },
    });
    expect(review.statusCode).toBe(401);
    // The Firebase ID token from before the change still verifies; it buys no API token.
    const exchange = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${old.email}`,
      headers: bearer(old.idToken),
      payload: { email: old.email },
    });
    expect(exchange.statusCode).toBe(401);
    expect(exchange.json()).toEqual({ message: apiMessages.accountEmailChanged });

    expect(await verifiedRow(old.email)).toBe(false);
    const due = await dueEmails(t.database.db, 1000, 1000);
    expect(due.filter((email) => email.recipient === old.email)).toEqual([]);

    // Signing in again with the new address is the way on, verified.
    await apiToken(newEmail, await signInWithPassword(newEmail, old.password));
    expect(await verifiedRow(newEmail)).toBe(true);
  });
});
