import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { ensureDemoAccounts, readDemoAccounts } from '../../../../../scripts/lib/emulator.mjs';
import { useTestApp, testToken, type TestApp } from '#api-test/test-app.ts';
import {
  badApiToken,
  badTokenKinds,
  createFirebaseAccount,
  disableFirebaseAccount,
  emulatorHost,
  signInWithPassword,
  uniqueEmail,
  unsignedFirebaseToken,
  verifyFirebaseEmail,
} from '#api-test/firebase-accounts.ts';

const t = useTestApp();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function exchange(app: TestApp, pathEmail: string, idToken: string | null, body: unknown = { email: pathEmail }) {
  return app.app.inject({
    method: 'PUT',
    url: `/api/users/${encodeURIComponent(pathEmail)}`,
    headers: idToken === null ? {} : bearer(idToken),
    payload: body as Record<string, unknown>,
  });
}

async function signedUpToken(app: TestApp, options: Parameters<typeof createFirebaseAccount>[0] = {}) {
  const account = await createFirebaseAccount(options);
  const res = await exchange(app, account.email, account.idToken);
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, token: res.json<{ token: string }>().token };
}

const profile = {
  phone: '+1 555 0100',
  education: 'BSc Computer Engineering',
  address: '12 Main Street, Springfield',
  linkedIn: 'https://www.linkedin.com/in/someone',
};

describe('token exchange (PUT /users/{email} with {email})', () => {
  it('verifies the ID token, creates the user and answers an API token for that email', async () => {
    const account = await createFirebaseAccount({ displayName: 'Ada Lovelace' });
    const res = await exchange(t, account.email, account.idToken);
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(await t.deps.tokens.verify(token)).toMatchObject({
      email: account.email,
      uid: account.uid,
      tokenVersion: 0,
    });

    const me = await t.app.inject({ url: `/api/users/${account.email}`, headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      email: account.email,
      userName: 'Ada Lovelace',
      phone: '',
      education: '',
      address: '',
      linkedIn: '',
      role: 'customer',
    });
  });

  it('treats emails in any case as the same user and stores them lowercased', async () => {
    const account = await createFirebaseAccount({ email: uniqueEmail('MixedCase').replace('example', 'Example') });
    const shouted = account.email.toUpperCase();
    const res = await exchange(t, shouted, account.idToken, { email: shouted });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(await t.deps.tokens.verify(token)).toMatchObject({ email: account.email.toLowerCase() });
    const again = await t.app.inject({ url: `/api/users/${shouted}`, headers: bearer(token) });
    expect(again.json<{ email: string }>().email).toBe(account.email.toLowerCase());
  });

  it('keeps a name the user already has, and earlier tokens, on later sign-ins', async () => {
    const first = await signedUpToken(t, { displayName: 'First Name' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${first.email}`,
      headers: bearer(first.token),
      payload: { ...profile, userName: 'Chosen Name' },
    });
    const again = await exchange(t, first.email, await signInWithPassword(first.email, first.password));
    expect(again.statusCode).toBe(200);
    const me = await t.app.inject({ url: `/api/users/${first.email}`, headers: bearer(first.token) });
    expect(me.json<{ userName: string }>().userName).toBe('Chosen Name');
  });

  it('will not give a token for another email than the ID token proves', async () => {
    const mine = await createFirebaseAccount();
    const victim = uniqueEmail('victim');
    const cases = [
      { path: victim, body: { email: victim } },
      { path: mine.email, body: { email: victim } },
      { path: victim, body: { email: mine.email } },
    ];
    for (const c of cases) {
      const res = await exchange(t, c.path, mine.idToken, c.body);
      expect(res.statusCode, JSON.stringify(c)).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/does not match/);
    }
    const victimRow = await t.app.inject({
      url: `/api/users/${victim}`,
      headers: await t.signIn('boss@example.test', 'admin'),
    });
    expect(victimRow.statusCode).toBe(404);
  });

  it.each([
    ['no bearer at all', null],
    ['garbage', 'not-a-jwt'],
    ['a JWT of random bytes', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('answers 401 for %s', async (_label, idToken) => {
    const res = await exchange(t, 'someone@example.test', idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('refuses an API access token in place of an ID token, so tokens cannot renew themselves', async () => {
    const { authorization } = await t.signIn('renewer@example.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/renewer@example.test',
      headers: { authorization },
      payload: { email: 'renewer@example.test' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses expired, foreign-project and unknown-account ID tokens', async () => {
    const account = await createFirebaseAccount();
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: account.uid, user_id: account.uid, email: account.email, email_verified: false };
    const expired = unsignedFirebaseToken({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 });
    const otherProject = unsignedFirebaseToken({
      ...claims,
      aud: 'another-project',
      iss: 'https://securetoken.google.com/another-project',
    });
    const ghost = unsignedFirebaseToken({ ...claims, sub: 'no-such-uid', user_id: 'no-such-uid' });
    for (const idToken of [expired, otherProject, ghost]) {
      expect((await exchange(t, account.email, idToken)).statusCode).toBe(401);
    }
  });

  it('refuses a disabled account', async () => {
    const account = await createFirebaseAccount();
    await disableFirebaseAccount(account.uid);
    expect((await exchange(t, account.email, account.idToken)).statusCode).toBe(401);
  });

  it('answers the token exchange with 400 for a malformed email', async () => {
    const account = await createFirebaseAccount();
    const res = await exchange(t, 'not-an-email', account.idToken, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(messages.emailInvalid);
  });

  it('creates the demo accounts idempotently, named and verified, and they can sign in', async () => {
    // Under addresses of their own: other files sign in as admin@ and customer@example.com, and
    // the emulator they share holds one account per address.
    const accounts = (await readDemoAccounts()).map((account) => ({
      ...account,
      email: uniqueEmail(account.email.split('@')[0]),
    }));
    await ensureDemoAccounts(emulatorHost(), accounts);
    const second = await ensureDemoAccounts(emulatorHost(), accounts);
    expect(second.map((a) => a.created)).toEqual(accounts.map(() => false));
    for (const account of accounts) {
      const idToken = await signInWithPassword(account.email, account.password);
      const res = await exchange(t, account.email, idToken);
      expect(res.statusCode).toBe(200);
      const me = await t.app.inject({
        url: `/api/users/${account.email}`,
        headers: bearer(res.json<{ token: string }>().token),
      });
      expect(me.json<{ userName: string }>().userName).toBe(account.userName);
    }
  });
});

describe('API access tokens', () => {
  it.each(badTokenKinds)('refuses a %s token with 401', async (kind) => {
    const email = 'holder@example.test';
    await t.signIn(email);
    const token = await badApiToken(kind, email, t.deps.config.JWT_SECRET);
    const res = await t.app.inject({ url: `/api/users/${email}`, headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('refuses a valid token whose user no longer exists', async () => {
    const token = await testToken(t.deps.tokens, 'never-signed-up@example.test');
    const res = await t.app.inject({ url: '/api/users/never-signed-up@example.test', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile (PUT /users/{email} with profile fields)', () => {
  it('updates the own profile and answers it', async () => {
    const me = await signedUpToken(t, { displayName: 'Grace Hopper' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.email}`,
      headers: bearer(me.token),
      payload: { ...profile, email: me.email, userName: 'Rear Admiral Hopper' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: me.email, userName: 'Rear Admiral Hopper', role: 'customer', ...profile });
    const read = await t.app.inject({ url: `/api/users/${me.email}`, headers: bearer(me.token) });
    expect(read.json()).toEqual(res.json());
  });

  it('keeps the name when the form sends it empty', async () => {
    const me = await signedUpToken(t, { displayName: 'Named Person' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.email}`,
      headers: bearer(me.token),
      payload: { ...profile, userName: '  ' },
    });
    expect(res.json<{ userName: string }>().userName).toBe('Named Person');
  });

  it("answers the form's messages for missing fields", async () => {
    const { authorization } = await t.signIn('form@example.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/form@example.test',
      headers: { authorization },
      payload: { userName: 'Only A Name' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; issues: { path: string[]; message: string }[] }>();
    expect(body.message).toBe('Phone is Required');
    expect(body.issues.map((i) => i.message)).toEqual([
      'Phone is Required',
      'Education is Required',
      'Address is Required',
      'LinkedIn is Required',
    ]);
  });

  it.each([
    [{ ...profile, phone: '   ' }, 'Phone is Required'],
    [{ ...profile, phone: '123' }, 'Phone must be at least 6 characters'],
    [{ ...profile, education: '' }, 'Education is Required'],
    [{ ...profile, address: '' }, 'Address is Required'],
    [{ ...profile, linkedIn: '' }, 'LinkedIn is Required'],
    [{ ...profile, linkedIn: 'javascript:alert(1)' }, messages.urlInvalid],
    [{ ...profile, linkedIn: 'ftp://example.com/me' }, messages.urlInvalid],
    [{ ...profile, linkedIn: 'linkedin.com/in/me' }, messages.urlInvalid],
    [{ ...profile, email: 'not-an-email' }, messages.emailInvalid],
  ])('refuses %j with "%s"', async (payload, message) => {
    const { authorization } = await t.signIn('form@example.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/form@example.test',
      headers: { authorization },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('refuses fields the form does not have, so nobody can set their own role', async () => {
    const { authorization } = await t.signIn('climber@example.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/climber@example.test',
      headers: { authorization },
      payload: { ...profile, role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    const check = await t.app.inject({ url: '/api/admin/climber@example.test', headers: { authorization } });
    expect(check.json()).toEqual({ admin: false });
  });

  it('refuses a NUL character with a 400 rather than letting the database fail', async () => {
    const { authorization } = await t.signIn('form@example.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/form@example.test',
      headers: { authorization },
      payload: { ...profile, address: 'Main\u0000Street', userName: 'Nul\u0000Name' },
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ issues: { path: string[] }[] }>().issues.map((i) => i.path.join('.'));
    expect(paths.sort()).toEqual(['address', 'userName']);
  });

  it('refuses a body email that differs from the path', async () => {
    const { authorization } = await t.signIn('form@example.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/form@example.test',
      headers: { authorization },
      payload: { ...profile, email: 'other@example.test' },
    });
    expect(res.statusCode).toBe(400);
  });

  it("lets nobody edit someone else's profile, admins included", async () => {
    await t.signIn('owner@example.test');
    const other = await t.signIn('nosy@example.test');
    const admin = await t.signIn('admin@example.test', 'admin');
    for (const headers of [other, admin]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/owner@example.test',
        headers,
        payload: profile,
      });
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/users/owner@example.test', payload: profile });
    expect(anonymous.statusCode).toBe(401);
    // The token is checked before the body: a stranger learns nothing from the form's messages.
    const sloppy = await t.app.inject({ method: 'PUT', url: '/api/users/owner@example.test', payload: { phone: '' } });
    expect(sloppy.statusCode).toBe(401);
  });
});

describe('Save to my profile (PATCH /users/{email}/delivery)', () => {
  const delivery = (headers: Record<string, string>, email: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${encodeURIComponent(email)}/delivery`,
      headers,
      payload: payload as Record<string, unknown>,
    });

  it('saves the phone and address of a profile that is still empty, and leaves the rest as it is', async () => {
    const headers = await t.signIn('new-buyer@example.test');
    const res = await delivery(headers, 'new-buyer@example.test', { phone: '+1 555 0100', address: '1 Main St' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: '+1 555 0100', address: '1 Main St', education: '', linkedIn: '' });
    const read = await t.app.inject({ url: '/api/users/new-buyer@example.test', headers });
    expect(read.json()).toEqual(res.json());
  });

  it('keeps education and LinkedIn of a filled profile', async () => {
    const headers = await t.signIn('filled@example.test');
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/filled@example.test', headers, payload: profile });
    expect(put.statusCode).toBe(200);
    const res = await delivery(headers, 'filled@example.test', { phone: '0987654321', address: '2 New Road' });
    expect(res.json()).toMatchObject({
      phone: '0987654321',
      address: '2 New Road',
      education: profile.education,
      linkedIn: profile.linkedIn,
    });
  });

  it.each([
    [{ phone: '123', address: '1 Main St' }, 'Phone must be at least 6 characters'],
    [{ phone: '+1 555 0100', address: '  ' }, 'Address is Required'],
    [{ phone: '+1 555 0100' }, 'Address is Required'],
  ])('refuses %j with "%s" and changes nothing', async (payload, message) => {
    const headers = await t.signIn('careful@example.test');
    const res = await delivery(headers, 'careful@example.test', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    const read = await t.app.inject({ url: '/api/users/careful@example.test', headers });
    expect(read.json()).toMatchObject({ phone: '', address: '' });
  });

  it('refuses other fields, so nothing else (a role, a name) can be set this way', async () => {
    const headers = await t.signIn('sneaky@example.test');
    const res = await delivery(headers, 'sneaky@example.test', {
      phone: '+1 555 0100',
      address: '1 St',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
  });

  it("is the user's own: others 403, admins included; no token 401", async () => {
    await t.signIn('owner2@example.test');
    const body = { phone: '+1 555 0100', address: '1 Main St' };
    for (const headers of [await t.signIn('nosy2@example.test'), await t.signIn('admin@example.test', 'admin')]) {
      expect((await delivery(headers, 'owner2@example.test', body)).statusCode).toBe(403);
    }
    expect((await delivery({}, 'owner2@example.test', body)).statusCode).toBe(401);
  });
});

describe('reading users', () => {
  it('shows a profile to that user and to admins only', async () => {
    const owner = await t.signIn('reader@example.test');
    const other = await t.signIn('other-reader@example.test');
    const admin = await t.signIn('admin@example.test', 'admin');
    expect((await t.app.inject({ url: '/api/users/reader@example.test', headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/READER@example.test', headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/reader@example.test', headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/reader@example.test', headers: other })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users/reader@example.test' })).statusCode).toBe(401);
    // Unknown users: 404 for admins; a customer learns nothing either way.
    expect((await t.app.inject({ url: '/api/users/nobody@example.test', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/users/nobody@example.test', headers: other })).statusCode).toBe(403);
  });

  it('lists users by email for admins, capped by ?limit', async () => {
    const admin = await t.signIn('admin@example.test', 'admin');
    await t.signIn('aaa-first@example.test');
    const res = await t.app.inject({ url: '/api/users', headers: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ email: string; role: string }[]>();
    const emails = list.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(list.find((u) => u.email === 'admin@example.test')?.role).toBe('admin');
    const two = await t.app.inject({ url: '/api/users?limit=2', headers: admin });
    expect(two.json<unknown[]>()).toHaveLength(2);
    for (const url of [
      '/api/users?limit=0',
      '/api/users?limit=1001',
      '/api/users?cursor=bm90LWFuLWVtYWls',
      '/api/users?limit=x',
      '/api/users?page=2',
    ]) {
      expect((await t.app.inject({ url, headers: admin })).statusCode, url).toBe(400);
    }
  });

  it('pages users by email with limit, cursor and a Link header, every user exactly once', async () => {
    const admin = await t.signIn('admin@example.test', 'admin');
    for (const n of [1, 2, 3, 4, 5]) await t.signIn(`paged-${n}@example.test`);
    const everyone = (await t.app.inject({ url: '/api/users', headers: admin })).json<{ email: string }[]>();
    const seen: string[] = [];
    let url: string | undefined = '/api/users?limit=2';
    while (url) {
      const page: LightMyRequestResponse = await t.app.inject({ url, headers: admin });
      expect(page.statusCode).toBe(200);
      const rows = page.json<{ email: string }[]>();
      expect(rows.length).toBeLessThanOrEqual(2);
      seen.push(...rows.map((u) => u.email));
      url = /<([^<>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual(everyone.map((u) => u.email));
    const badCursor = await t.app.inject({ url: '/api/users?cursor=bm90LWFuLWVtYWls', headers: admin });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json<{ message: string }>().message).toBe('Invalid cursor');
  });

  it('lists users to nobody but admins', async () => {
    const customer = await t.signIn('customer@example.test');
    expect((await t.app.inject({ url: '/api/users', headers: customer })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users' })).statusCode).toBe(401);
  });

  it.each([
    ['/api/users/not-an-email', messages.emailInvalid],
    ['/api/admin/not-an-email', messages.emailInvalid],
    ['/api/admin/a@b', messages.emailInvalid],
    ['/api/users/%20', messages.emailRequired],
    ['/api/users/%00@example.test', messages.emailInvalid],
  ])('answers %s with a 400 JSON message, never a 500', async (url, message) => {
    const admin = await t.signIn('admin@example.test', 'admin');
    const res = await t.app.inject({ url, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('checks the token before the path: no token is 401 even for a malformed email', async () => {
    for (const url of ['/api/users/not-an-email', '/api/admin/not-an-email']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    const customer = await t.signIn('customer@example.test');
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/admin/not-an-email', headers: customer });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 JSON for a malformed email in the make-admin path', async () => {
    const admin = await t.signIn('admin@example.test', 'admin');
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/admin/not-an-email', headers: admin });
    expect(res.statusCode).toBe(400);
  });
});

describe('make admin', () => {
  it('promotes once, says so in modifiedCount, and retires the tokens from before', async () => {
    const admin = await t.signIn('admin@example.test', 'admin');
    const rising = await signedUpToken(t, { emailVerified: true });
    const url = `/api/users/admin/${rising.email}`;

    const before = await t.app.inject({ url: `/api/admin/${rising.email}`, headers: bearer(rising.token) });
    expect(before.json()).toEqual({ admin: false });
    expect((await t.app.inject({ url: '/api/users', headers: bearer(rising.token) })).statusCode).toBe(403);

    const first = await t.app.inject({ method: 'PUT', url, headers: admin });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const second = await t.app.inject({ method: 'PUT', url, headers: admin });
    expect(second.json()).toEqual({ acknowledged: true, modifiedCount: 0 });

    // A role change retires the tokens issued before it; the next sign-in carries the new role.
    expect((await t.app.inject({ url: `/api/admin/${rising.email}`, headers: bearer(rising.token) })).statusCode).toBe(
      401,
    );
    const again = await exchange(t, rising.email, await signInWithPassword(rising.email, rising.password));
    const fresh = bearer(again.json<{ token: string }>().token);
    expect((await t.app.inject({ url: `/api/admin/${rising.email}`, headers: fresh })).json()).toEqual({ admin: true });
    expect((await t.app.inject({ url: '/api/users', headers: fresh })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown email and 403/401 to non-admins', async () => {
    const admin = await t.signIn('admin@example.test', 'admin');
    const customer = await t.signIn('hopeful@example.test');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/users/admin/ghost@example.test', headers: admin })).statusCode,
    ).toBe(404);
    const self = await t.app.inject({ method: 'PUT', url: '/api/users/admin/hopeful@example.test', headers: customer });
    expect(self.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/admin/hopeful@example.test' })).statusCode).toBe(401);
    const check = await t.app.inject({ url: '/api/admin/hopeful@example.test', headers: customer });
    expect(check.json()).toEqual({ admin: false });
  });

  it('answers the admin check to that user or an admin only', async () => {
    const admin = await t.signIn('admin@example.test', 'admin');
    await t.signIn('checked@example.test');
    const other = await t.signIn('checker@example.test');
    expect((await t.app.inject({ url: '/api/admin/checked@example.test', headers: other })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/checked@example.test', headers: admin })).json()).toEqual({
      admin: false,
    });
    expect((await t.app.inject({ url: '/api/admin/admin@example.test', headers: admin })).json()).toEqual({
      admin: true,
    });
    expect((await t.app.inject({ url: '/api/admin/ghost@example.test', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/checked@example.test' })).statusCode).toBe(401);
  });
});

describe('ADMIN_EMAILS bootstrap', () => {
  const verifiedBoss = uniqueEmail('boss');
  const unverifiedBoss = uniqueEmail('squatter');
  const laterBoss = uniqueEmail('later');
  beforeAll(async () => {
    // Mixed case and spaces in the setting still name the same users.
  });
  const boot = useTestApp({
    config: () => ({
      ADMIN_EMAILS: ` ${verifiedBoss.toUpperCase()}, ${unverifiedBoss},${laterBoss} `,
    }),
  });

  it('makes a listed, verified email an admin on sign-in', async () => {
    const boss = await signedUpToken(boot, { email: verifiedBoss, emailVerified: true });
    const res = await boot.app.inject({ url: `/api/admin/${verifiedBoss}`, headers: bearer(boss.token) });
    expect(res.json()).toEqual({ admin: true });
  });

  it('does not for an unverified email (anyone can sign up with an address they do not own)', async () => {
    const squatter = await signedUpToken(boot, { email: unverifiedBoss });
    const res = await boot.app.inject({ url: `/api/admin/${unverifiedBoss}`, headers: bearer(squatter.token) });
    expect(res.json()).toEqual({ admin: false });
  });

  it('promotes an existing customer once their email is verified', async () => {
    const account = await createFirebaseAccount({ email: laterBoss });
    const firstToken = (await exchange(boot, laterBoss, account.idToken)).json<{ token: string }>().token;
    expect((await boot.app.inject({ url: `/api/admin/${laterBoss}`, headers: bearer(firstToken) })).json()).toEqual({
      admin: false,
    });

    await verifyFirebaseEmail(account.uid);
    const verified = await exchange(boot, laterBoss, await signInWithPassword(laterBoss, account.password));
    expect(verified.statusCode).toBe(200);
    const adminToken = bearer(verified.json<{ token: string }>().token);
    expect((await boot.app.inject({ url: `/api/admin/${laterBoss}`, headers: adminToken })).json()).toEqual({
      admin: true,
    });
    // The promotion is a role change: the customer-era token is retired.
    expect((await boot.app.inject({ url: `/api/admin/${laterBoss}`, headers: bearer(firstToken) })).statusCode).toBe(
      401,
    );
  });

  it('leaves everyone else a customer', async () => {
    const someone = await signedUpToken(boot, { emailVerified: true });
    const res = await boot.app.inject({ url: `/api/admin/${someone.email}`, headers: bearer(someone.token) });
    expect(res.json()).toEqual({ admin: false });
  });
});

describe('rate limit on the token exchange', () => {
  const limited = useTestApp({ config: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });

  it('answers 429 JSON after RATE_LIMIT_AUTH_PER_MINUTE attempts', async () => {
    const account = await createFirebaseAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await exchange(limited, account.email, account.idToken)).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    // Failed attempts count too: the limit is there to slow down guessing.
    const res = await exchange(limited, account.email, 'garbage');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json<{ message: string }>().message).toMatch(/Too many requests/);
  });
});
