import { useEffect } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_EXPIRED_EVENT } from './api-client.ts';
import { AuthProvider, useAuth, type AuthState } from './auth.tsx';
import type { FirebaseUser, IdentityProvider } from './firebase.ts';
import { loadIdentityProvider } from './firebase.ts';
import { fetchMock, json, stubApi, urlOf } from '#web-test/api.ts';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('./firebase.ts', () => ({ loadIdentityProvider: vi.fn() }));
vi.mock('react-toastify/unstyled', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

function jwt(payload: object): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/(?<!=)=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(payload)}.sig`;
}
const apiToken = (email: string, expiresInSeconds = 3600) =>
  jwt({ sub: email, exp: Math.floor(Date.now() / 1000) + expiresInSeconds });

function firebaseUser(email: string, displayName: string | null = 'Casey') {
  const getIdToken = vi.fn((_forceRefresh?: boolean) => Promise.resolve(`id-token-for-${email}`));
  const user = { email, displayName, photoURL: null, getIdToken } as unknown as FirebaseUser;
  return Object.assign(user, { getIdTokenMock: getIdToken });
}

/** A stand-in for Firebase that reports users when the test says so. */
function fakeIdentity() {
  let listener: ((user: FirebaseUser | null) => void) | null = null;
  const provider = {
    emulatorHost: '127.0.0.1:9099',
    onUserChanged: vi.fn((next: (user: FirebaseUser | null) => void) => {
      listener = next;
      return () => {
        listener = null;
      };
    }),
    signInWithPassword: vi.fn<IdentityProvider['signInWithPassword']>(),
    signUp: vi.fn<IdentityProvider['signUp']>(),
    signInWithGoogle: vi.fn<IdentityProvider['signInWithGoogle']>(),
    sendPasswordReset: vi.fn<IdentityProvider['sendPasswordReset']>(),
    resendVerification: vi.fn<IdentityProvider['resendVerification']>(),
    signOut: vi.fn(() => {
      listener?.(null);
      return Promise.resolve();
    }),
  } satisfies IdentityProvider;
  return {
    provider,
    report: (user: FirebaseUser | null) => act(() => listener?.(user)),
    subscribed: () => listener !== null,
  };
}

type Answers = { admin?: boolean; exchangeStatus?: number };

function serveApi({ admin = false, exchangeStatus = 200 }: Answers = {}) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    const userPut = /^\/api\/users\/([^/]+)$/.exec(url);
    if (userPut && init?.method === 'PUT') {
      const email = decodeURIComponent(userPut[1] ?? '');
      if (exchangeStatus !== 200) return Promise.resolve(json({ message: 'The email does not match' }, exchangeStatus));
      return Promise.resolve(json({ token: apiToken(email) }));
    }
    if (url.startsWith('/api/admin/')) return Promise.resolve(json({ admin }));
    return Promise.resolve(json({ message: 'Not found' }, 404));
  });
}

/** The session the provider last rendered, for calling its actions from a test. */
const session: { current: AuthState | null } = { current: null };
function Probe() {
  const auth = useAuth();
  useEffect(() => {
    session.current = auth;
  });
  return (
    <p data-testid="probe">
      {auth.initializing ? 'initializing' : auth.user ? `signed in as ${auth.user.email}` : 'signed out'}
      {` admin=${String(auth.isAdmin)}`}
    </p>
  );
}
const withProvider = (
  <AuthProvider>
    <Probe />
  </AuthProvider>
);
const probe = () => screen.getByTestId('probe').textContent;

beforeEach(() => {
  session.current = null;
  stubApi();
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('AuthProvider', () => {
  it('is signed out at once without a stored token, and does not load Firebase', () => {
    serveApi();
    renderRoute(withProvider);
    expect(probe()).toBe('signed out admin=null');
    expect(loadIdentityProvider).not.toHaveBeenCalled();
  });

  it('with a stored token, waits for Firebase before saying anything, then asks the server about admin', async () => {
    serveApi({ admin: true });
    window.localStorage.setItem('accessToken', apiToken('casey@example.com'));
    const identity = fakeIdentity();
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    expect(probe()).toBe('initializing admin=null');
    await waitFor(() => expect(identity.subscribed()).toBe(true));
    expect(probe()).toBe('initializing admin=null');
    identity.report(firebaseUser('casey@example.com'));
    await waitFor(() => expect(probe()).toBe('signed in as casey@example.com admin=true'));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/casey%40example.com', expect.anything());
  });

  it('drops a stored token when Firebase has nobody signed in', async () => {
    serveApi();
    window.localStorage.setItem('accessToken', apiToken('casey@example.com'));
    const identity = fakeIdentity();
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await waitFor(() => expect(identity.subscribed()).toBe(true));
    identity.report(null);
    expect(probe()).toBe('signed out admin=null');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('renews an expired stored token from the Firebase session instead of signing out', async () => {
    serveApi();
    window.localStorage.setItem('accessToken', apiToken('casey@example.com', -60));
    const identity = fakeIdentity();
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await waitFor(() => expect(identity.subscribed()).toBe(true));
    identity.report(firebaseUser('casey@example.com'));
    await waitFor(() => expect(probe()).toBe('signed in as casey@example.com admin=false'));
    const stored = window.localStorage.getItem('accessToken') ?? '';
    expect(stored).not.toBe('');
    expect(stored).not.toBe(apiToken('casey@example.com', -60));
  });

  it('signs in: exchanges the Firebase ID token for the API token, stores it, then checks admin', async () => {
    serveApi({ admin: false });
    const identity = fakeIdentity();
    const user = firebaseUser('Casey@Example.com');
    identity.provider.signInWithPassword.mockResolvedValue(user);
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await act(() => session.current?.signInWithPassword('casey@example.com', 'secret-pass'));
    expect(identity.provider.signInWithPassword).toHaveBeenCalledWith('casey@example.com', 'secret-pass');
    const exchange = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(exchange?.[0]).toBe('/api/users/casey%40example.com');
    expect(exchange?.[1]?.body).toBe(JSON.stringify({ email: 'casey@example.com' }));
    expect(new Headers(exchange?.[1]?.headers).get('Authorization')).toBe('Bearer id-token-for-Casey@Example.com');
    expect(window.localStorage.getItem('accessToken')).toBe(apiToken('casey@example.com'));
    await waitFor(() => expect(probe()).toBe('signed in as casey@example.com admin=false'));
  });

  it('signs up with a fresh ID token, so the new display name reaches the API', async () => {
    serveApi();
    const identity = fakeIdentity();
    const user = firebaseUser('new@example.com', 'New Person');
    identity.provider.signUp.mockResolvedValue(user);
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await act(() => session.current?.signUp({ name: 'New Person', email: 'new@example.com', password: 'secret-pass' }));
    expect(identity.provider.signUp).toHaveBeenCalledWith({
      name: 'New Person',
      email: 'new@example.com',
      password: 'secret-pass',
    });
    expect(user.getIdTokenMock).toHaveBeenCalledWith(true);
    expect(probe()).toContain('signed in as new@example.com');
  });

  it('undoes the Firebase sign-in when the API refuses the exchange', async () => {
    serveApi({ exchangeStatus: 403 });
    const identity = fakeIdentity();
    identity.provider.signInWithPassword.mockResolvedValue(firebaseUser('casey@example.com'));
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await act(async () => {
      await expect(session.current?.signInWithPassword('casey@example.com', 'secret-pass')).rejects.toMatchObject({
        status: 403,
      });
    });
    expect(identity.provider.signOut).toHaveBeenCalled();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(probe()).toBe('signed out admin=null');
  });

  it('signs out cleanly, with a notice, when the API rejects the token', async () => {
    serveApi();
    window.localStorage.setItem('accessToken', apiToken('casey@example.com'));
    const identity = fakeIdentity();
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await waitFor(() => expect(identity.subscribed()).toBe(true));
    identity.report(firebaseUser('casey@example.com'));
    await waitFor(() => expect(probe()).toContain('signed in'));
    act(() => {
      window.dispatchEvent(new Event(AUTH_EXPIRED_EVENT));
    });
    await waitFor(() => expect(probe()).toBe('signed out admin=null'));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(identity.provider.signOut).toHaveBeenCalled();
    expect(toast.info).toHaveBeenCalledWith('Your session has expired. Please log in again.', expect.anything());
    expect(session.current?.signedOutBecause).toBe('expired');
  });

  it('a logout cut short (the page left before Firebase forgot the user) is finished on the next visit, not undone', async () => {
    serveApi();
    const identity = fakeIdentity();
    // Firebase's sign-out never completes in the first visit: the tab went away.
    identity.provider.signOut.mockImplementationOnce(() => new Promise<void>(() => undefined));
    window.localStorage.setItem('accessToken', apiToken('casey@example.com'));
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await waitFor(() => expect(identity.subscribed()).toBe(true));
    identity.report(firebaseUser('casey@example.com'));
    await waitFor(() => expect(probe()).toContain('signed in'));
    act(() => void session.current?.signOut());
    await waitFor(() => expect(probe()).toBe('signed out admin=null'));
    cleanup();

    // The next visit: the login page loads Firebase, which still remembers the user.
    renderRoute(withProvider);
    act(() => session.current?.loadIdentity());
    await waitFor(() => expect(identity.subscribed()).toBe(true));
    identity.report(firebaseUser('casey@example.com'));
    await waitFor(() => expect(identity.provider.signOut).toHaveBeenCalledTimes(2));
    expect(probe()).toBe('signed out admin=null');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    // Logout ends the API token on the server; the next visit never exchanges a new one.
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/users\/(?!me\/sign-out$)/),
      expect.anything(),
    );
    // Once Firebase has let go, the mark is gone: a later sign-in is not undone.
    await waitFor(() => expect(window.localStorage.getItem('signingOut')).toBeNull());
  });

  it('logout signs out of Firebase and removes the token', async () => {
    serveApi();
    window.localStorage.setItem('accessToken', apiToken('casey@example.com'));
    const identity = fakeIdentity();
    vi.mocked(loadIdentityProvider).mockResolvedValue(identity.provider);
    renderRoute(withProvider);
    await waitFor(() => expect(identity.subscribed()).toBe(true));
    identity.report(firebaseUser('casey@example.com'));
    await act(() => session.current?.signOut());
    expect(identity.provider.signOut).toHaveBeenCalled();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(probe()).toBe('signed out admin=null');
  });
});
