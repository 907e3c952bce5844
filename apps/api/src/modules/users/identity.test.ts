import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../scripts/lib/free-port.mjs';
import { shareAuthEmulatorWithFirebaseAdmin } from '#api/config/env.ts';
import { createIdentityVerifier, IdentityUnavailableError } from '#api/lib/identity.ts';
import { createTestApp, testConfig } from '#api-test/test-app.ts';
import { createFirebaseAccount, emulatorHost, testAccount, testUid, uniqueEmail } from '#api-test/firebase-accounts.ts';

// The verifier on its own, against the real emulator, and what the API answers when the
// identity provider cannot be reached. Its own file: pointing firebase-admin at a dead
// emulator is process-wide, so nothing else may run alongside it.

const emulator = emulatorHost();
afterAll(() => shareAuthEmulatorWithFirebaseAdmin({ FIREBASE_AUTH_EMULATOR_HOST: emulator }));

describe('identity verifier', () => {
  it('answers the verified identity, email lowercased, with name and verification state', async () => {
    const verifier = createIdentityVerifier(testConfig());
    try {
      const email = uniqueEmail('Verifier').replace('Verifier', 'VERIFIER');
      const account = await createFirebaseAccount({ email, displayName: '  Alan Turing ', emailVerified: true });
      expect(await verifier.verifyIdToken(account.idToken)).toEqual({
        uid: account.uid,
        email: email.toLowerCase(),
        name: 'Alan Turing',
        emailVerified: true,
      });
    } finally {
      await verifier.close();
    }
  });

  it('answers null for an account without an email (anonymous sign-in)', async () => {
    const verifier = createIdentityVerifier(testConfig());
    try {
      const res = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ returnSecureToken: true }),
      });
      const body: unknown = await res.json();
      const idToken = typeof body === 'object' && body !== null && 'idToken' in body ? body.idToken : undefined;
      if (typeof idToken !== 'string') throw new Error(`anonymous sign-up gave no idToken: ${JSON.stringify(body)}`);
      expect(await verifier.verifyIdToken(idToken)).toBeNull();
    } finally {
      await verifier.close();
    }
  });

  it('lets two verifiers live side by side and close independently', async () => {
    const a = createIdentityVerifier(testConfig());
    const b = createIdentityVerifier(testConfig());
    const account = await createFirebaseAccount();
    await a.close();
    expect((await b.verifyIdToken(account.idToken))?.email).toBe(account.email);
    await b.close();
  });

  it('refuses a malformed service account without echoing it', () => {
    const config = testConfig({ FIREBASE_SERVICE_ACCOUNT: '{"private_key": "-----BEGIN SECRET' });
    expect(() => createIdentityVerifier({ ...config, FIREBASE_AUTH_EMULATOR_HOST: undefined })).toThrow(
      'FIREBASE_SERVICE_ACCOUNT is not valid JSON',
    );
    shareAuthEmulatorWithFirebaseAdmin({ FIREBASE_AUTH_EMULATOR_HOST: emulator });
  });
});

describe('identity provider outage', () => {
  it('throws IdentityUnavailableError, and the exchange answers 503 JSON', async () => {
    const account = await createFirebaseAccount();
    const dead = `127.0.0.1:${await freePort()}`;
    const t = await createTestApp({ FIREBASE_AUTH_EMULATOR_HOST: dead });
    try {
      await expect(t.deps.identity.verifyIdToken(account.idToken)).rejects.toBeInstanceOf(IdentityUnavailableError);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${account.email}`,
        headers: { authorization: `Bearer ${account.idToken}` },
        payload: { email: account.email },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Sign-in is unavailable right now. Please try again in a moment.' });
    } finally {
      await t.close();
      shareAuthEmulatorWithFirebaseAdmin({ FIREBASE_AUTH_EMULATOR_HOST: emulator });
    }
  });

  it('sign out everywhere still retires the API tokens, and answers 503 JSON for the Firebase sessions', async () => {
    // The account exists while the emulator is still in reach; then Firebase goes away.
    await testAccount(testUid('outage@example.test'));
    const dead = `127.0.0.1:${await freePort()}`;
    const t = await createTestApp({ FIREBASE_AUTH_EMULATOR_HOST: dead });
    try {
      const headers = await t.signIn('outage@example.test');
      const res = await t.app.inject({ method: 'POST', url: '/api/users/me/sign-out-everywhere', headers });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ message: string }>().message).toMatch(/sign-in provider could not be reached/);
      expect((await t.app.inject({ url: '/api/admin/outage@example.test', headers })).statusCode).toBe(401);
    } finally {
      await t.close();
      shareAuthEmulatorWithFirebaseAdmin({ FIREBASE_AUTH_EMULATOR_HOST: emulator });
    }
  });
});
