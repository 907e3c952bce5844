// The session's state and its transitions, without React; lib/auth.tsx renders them.
import { ApiError, AUTH_EXPIRED_EVENT } from './api-client.ts';
import { endApiSession } from './end-api-session.ts';
import { exchangeIdToken } from './exchange-id-token.ts';
import { AuthFlowError } from './auth-flow-error.ts';
import { isTokenUsableFor } from './auth-session.ts';
import type { FirebaseUser, IdentityProvider, SignUpInput } from './firebase.ts';
import {
  clearAccessToken,
  clearSigningOut,
  getAccessToken,
  isSigningOut,
  markSigningOut,
  setAccessToken,
} from './token-storage.ts';
import { toastInfo } from './toast.ts';

export type SessionUser = {
  email: string;
  displayName: string | null;
  photoURL: string | null;
  /** False until the address is verified: the shop holds its order emails until then. */
  emailVerified?: boolean;
};

/** Why the session ended when it was not a plain Logout, for the login page to explain. */
export type SignOutReason = 'admin-only' | 'expired' | 'everywhere';

export type IdentityState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** True against the Firebase Auth emulator: Google sign-in uses the test-mode account picker. */
  testMode: boolean;
  error: string | null;
};

export type AuthSnapshot = {
  /** Whether Firebase has reported (or failed to load), so a stored session is confirmed or dropped. */
  settled: boolean;
  user: SessionUser | null;
  signedOutBecause: SignOutReason | null;
  identity: IdentityState;
};

export type AuthStoreOptions = {
  /** Called before the user changes, so another person's cached answers can be dropped. */
  onUserChange?: (previous: SessionUser | null, next: SessionUser | null) => void;
  loadIdentityProvider?: () => Promise<IdentityProvider>;
};

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
const IDENTITY_LOAD_FAILED = 'Sign-in could not be loaded. Check your connection and try again.';

function toSessionUser(user: FirebaseUser, email: string): SessionUser {
  return { email, displayName: user.displayName, photoURL: user.photoURL, emailVerified: user.emailVerified };
}

function emailOf(user: FirebaseUser): string | null {
  return user.email ? user.email.toLowerCase() : null;
}

async function loadFirebase(): Promise<IdentityProvider> {
  const { loadIdentityProvider } = await import('./firebase.ts');
  return loadIdentityProvider();
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export function createAuthStore({ onUserChange, loadIdentityProvider = loadFirebase }: AuthStoreOptions = {}) {
  let state: AuthSnapshot = {
    settled: false,
    user: null,
    signedOutBecause: null,
    identity: { status: 'idle', testMode: false, error: null },
  };
  const listeners = new Set<() => void>();
  let provider: IdentityProvider | null = null;
  let loading: Promise<IdentityProvider> | null = null;
  /** Sign-ins in progress settle the session themselves; Firebase's report is not needed. */
  let flows = 0;
  /** Bumped by every change of session, so an older background token exchange cannot win. */
  let generation = 0;
  let connected = false;
  let stopListening: (() => void) | null = null;

  function update(patch: Partial<AuthSnapshot>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function setUser(next: SessionUser | null, patch: Partial<AuthSnapshot> = {}) {
    onUserChange?.(state.user, next);
    update({ ...patch, user: next, settled: true });
  }

  function endSession() {
    clearAccessToken();
    setUser(null);
  }

  function listenToProvider() {
    if (connected && provider && !stopListening) stopListening = provider.onUserChanged(onFirebaseUser);
  }

  function loadProvider(): Promise<IdentityProvider> {
    loading ??= (async () => {
      update({ identity: { ...state.identity, status: 'loading', error: null } });
      try {
        const loaded = await loadIdentityProvider();
        provider = loaded;
        update({ identity: { status: 'ready', testMode: loaded.emulatorHost !== null, error: null } });
        listenToProvider();
        return loaded;
      } catch (error) {
        loading = null;
        // A stored session cannot be confirmed; the token stays for the next attempt.
        update({ identity: { status: 'error', testMode: false, error: IDENTITY_LOAD_FAILED }, settled: true });
        throw error;
      }
    })();
    return loading;
  }

  const readyProvider = async () => provider ?? (await loadProvider());

  function loadIdentity() {
    loadProvider().catch(() => undefined);
  }

  async function signOut(reason?: SignOutReason) {
    generation++;
    markSigningOut();
    // A plain Logout ends the token on the server too; the other reasons mean it already ended.
    const token = getAccessToken();
    if (token && !reason) void endApiSession(token).catch(() => undefined);
    clearAccessToken();
    setUser(null, { signedOutBecause: reason ?? null });
    const current = provider ?? (await loading?.catch(() => null)) ?? null;
    try {
      await current?.signOut();
      clearSigningOut();
    } catch {
      // The shop's side is gone already; the mark has the next visit finish Firebase's.
    }
  }

  function onFirebaseUser(firebaseUser: FirebaseUser | null) {
    const reported = ++generation;
    if (flows > 0) return;
    const email = firebaseUser ? emailOf(firebaseUser) : null;
    if (!firebaseUser || !email) {
      endSession();
      return;
    }
    const stored = getAccessToken();
    if (stored && isTokenUsableFor(stored, email)) {
      setUser(toSessionUser(firebaseUser, email));
      return;
    }
    // Firebase had not yet forgotten a visitor who signed out: finish that sign-out.
    if (isSigningOut()) {
      void signOut();
      return;
    }
    // Signed in with Firebase without a usable API token: exchange a fresh one.
    void (async () => {
      try {
        const token = await exchangeIdToken(email, await firebaseUser.getIdToken());
        if (reported !== generation) return;
        setAccessToken(token);
        setUser(toSessionUser(firebaseUser, email));
      } catch (error) {
        if (reported !== generation) return;
        endSession();
        // The shop refused this account: leave Firebase too. Anything else (the API is down)
        // keeps the Firebase session for the next visit to try again.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          await provider?.signOut().catch(() => undefined);
        }
      }
    })();
  }

  function onExpired() {
    if (!state.user && getAccessToken() === null) return;
    toastInfo(SESSION_EXPIRED_MESSAGE, 'session-expired');
    void signOut('expired');
  }

  /** A failed token exchange undoes the Firebase sign-in, so the two never disagree. */
  async function runSignIn(signIn: () => Promise<FirebaseUser>, freshIdToken = false) {
    flows++;
    generation++;
    if (state.user) endSession();
    let signedIn: FirebaseUser | null = null;
    try {
      signedIn = await signIn();
      const email = emailOf(signedIn);
      if (!email) {
        throw new AuthFlowError(
          'parts-shop/no-email',
          'This account has no email address, so the shop cannot sign you in with it.',
        );
      }
      // After sign-up the token must be fresh to carry the display name just set.
      const token = await exchangeIdToken(email, await signedIn.getIdToken(freshIdToken));
      setAccessToken(token);
      clearSigningOut();
      setUser(toSessionUser(signedIn, email), { signedOutBecause: null });
    } catch (error) {
      if (signedIn) {
        endSession();
        await provider?.signOut().catch(() => undefined);
      }
      throw error;
    } finally {
      flows--;
    }
  }

  return {
    getSnapshot: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect: () => {
      connected = true;
      listenToProvider();
      if (getAccessToken() !== null) loadIdentity();
      window.addEventListener(AUTH_EXPIRED_EVENT, onExpired);
      return () => {
        connected = false;
        stopListening?.();
        stopListening = null;
        window.removeEventListener(AUTH_EXPIRED_EVENT, onExpired);
      };
    },
    loadIdentity,
    signOut,
    signInWithPassword: (email: string, password: string) =>
      runSignIn(async () => (await readyProvider()).signInWithPassword(email, password)),
    signUp: (input: SignUpInput) => runSignIn(async () => (await readyProvider()).signUp(input), true),
    /** Call straight from the click: it opens a window, which browsers only allow then. */
    signInWithGoogle: () => {
      const ready = provider;
      if (!ready) {
        return Promise.reject(
          new AuthFlowError('parts-shop/not-ready', 'Sign-in is still loading. Please try again in a moment.'),
        );
      }
      return runSignIn(() => ready.signInWithGoogle());
    },
    sendPasswordReset: async (email: string) => {
      await (await readyProvider()).sendPasswordReset(email);
    },
    resendVerification: async () => {
      const ready = await readyProvider();
      await ready.resendVerification();
      return { testMode: ready.emulatorHost !== null };
    },
  };
}
