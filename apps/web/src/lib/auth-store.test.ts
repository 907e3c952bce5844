import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store.ts';
import type { FirebaseUser, IdentityProvider } from './firebase.ts';
import { fetchMock, json, stubApi } from '#web-test/api.ts';

function firebaseUser(email: string): FirebaseUser {
  return {
    email,
    displayName: 'Casey',
    photoURL: null,
    emailVerified: true,
    getIdToken: () => Promise.resolve(`id-token-for-${email}`),
  } as unknown as FirebaseUser;
}

function fakeProvider() {
  let listener: ((user: FirebaseUser | null) => void) | null = null;
  const provider = {
    emulatorHost: null,
    onUserChanged: vi.fn((next: (user: FirebaseUser | null) => void) => {
      listener = next;
      return () => {
        listener = null;
      };
    }),
    signInWithPassword: vi.fn((email: string) => Promise.resolve(firebaseUser(email))),
    signUp: vi.fn<IdentityProvider['signUp']>(),
    signInWithGoogle: vi.fn<IdentityProvider['signInWithGoogle']>(),
    sendPasswordReset: vi.fn<IdentityProvider['sendPasswordReset']>(),
    resendVerification: vi.fn<IdentityProvider['resendVerification']>(),
    signOut: vi.fn(() => Promise.resolve()),
  } satisfies IdentityProvider;
  return { provider, report: (user: FirebaseUser | null) => listener?.(user) };
}

beforeEach(() => {
  stubApi();
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the auth store', () => {
  it('loads the identity provider once, idle then loading then ready', async () => {
    const { provider } = fakeProvider();
    const load = vi.fn(() => Promise.resolve(provider));
    const store = createAuthStore({ loadIdentityProvider: load });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().identity.status));
    expect(store.getSnapshot().identity.status).toBe('idle');
    store.loadIdentity();
    store.loadIdentity();
    await vi.waitFor(() => expect(store.getSnapshot().identity.status).toBe('ready'));
    expect(seen).toEqual(['loading', 'ready']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('settles with an error when the provider cannot load, keeping the stored token', async () => {
    window.localStorage.setItem('accessToken', 'stored');
    const store = createAuthStore({ loadIdentityProvider: () => Promise.reject(new Error('offline')) });
    store.loadIdentity();
    await vi.waitFor(() => expect(store.getSnapshot().identity.status).toBe('error'));
    expect(store.getSnapshot().settled).toBe(true);
    expect(window.localStorage.getItem('accessToken')).toBe('stored');
  });

  it('signs in with the exchanged token, then signs out with a reason until the next sign-in', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ token: 'api-token' })));
    const { provider } = fakeProvider();
    const onUserChange = vi.fn();
    const store = createAuthStore({ loadIdentityProvider: () => Promise.resolve(provider), onUserChange });

    await store.signInWithPassword('Casey@Example.com', 'secret');
    expect(store.getSnapshot()).toMatchObject({ settled: true, user: { email: 'casey@example.com' } });
    expect(window.localStorage.getItem('accessToken')).toBe('api-token');

    await store.signOut('expired');
    expect(store.getSnapshot()).toMatchObject({ user: null, signedOutBecause: 'expired' });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(provider.signOut).toHaveBeenCalled();
    expect(onUserChange).toHaveBeenLastCalledWith(
      { email: 'casey@example.com', displayName: 'Casey', photoURL: null, emailVerified: true },
      null,
    );

    await store.signInWithPassword('casey@example.com', 'secret');
    expect(store.getSnapshot().signedOutBecause).toBeNull();
  });

  it("follows Firebase's reports once connected, and not after", async () => {
    window.localStorage.setItem('accessToken', 'not-a-jwt');
    const { provider, report } = fakeProvider();
    const store = createAuthStore({ loadIdentityProvider: () => Promise.resolve(provider) });
    const disconnect = store.connect();
    await vi.waitFor(() => expect(provider.onUserChanged).toHaveBeenCalled());

    report(firebaseUser('casey@example.com'));
    expect(store.getSnapshot().user?.email).toBe('casey@example.com');
    report(null);
    expect(store.getSnapshot().user).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();

    disconnect();
    report(firebaseUser('casey@example.com'));
    expect(store.getSnapshot().user).toBeNull();
  });
});
