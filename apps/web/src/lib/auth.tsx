// The session: who is signed in (Firebase), the API access token that carries it to the
// shop's API, whether the server counts them as an admin, and sign-in and sign-out.
// Features read it through useAuth(); the Firebase SDK itself is loaded on demand.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, AUTH_EXPIRED_EVENT } from './api-client.ts';
import { endApiSession, exchangeIdToken, fetchIsAdmin } from './auth-api.ts';
import { queryKeys } from './query-keys.ts';
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

export type { SignUpInput } from './firebase.ts';

/** Why the session ended when it was not a plain Logout, for the login page to explain. */
export type SignOutReason = 'admin-only' | 'expired' | 'everywhere';

/** The identity provider (Firebase): idle until a page needs it or a stored session must be confirmed. */
export type IdentityState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** True against the Firebase Auth emulator: Google sign-in uses the test-mode account picker. */
  testMode: boolean;
  error: string | null;
};

export type AuthState = {
  /** True until Firebase has told us whether someone is signed in (only when a token was stored at load). */
  initializing: boolean;
  user: SessionUser | null;
  /** Decided by the server (GET /admin/{email}); null while unknown. */
  isAdmin: boolean | null;
  /** Signs out of Firebase and removes the access token. */
  signOut: (reason?: SignOutReason) => Promise<void>;
  /** The admin check failed for a reason other than the session (a network error, say). */
  adminCheckFailed: boolean;
  recheckAdmin: () => void;
  /** Why the shop last ended the session, until the next sign-in. */
  signedOutBecause: SignOutReason | null;
  identity: IdentityState;
  /** Starts loading the identity provider (the sign-in pages call it on arrival). */
  loadIdentity: () => void;
  /** Each sign-in ends with the API token stored and `user` set, or rejects with the provider's error. */
  signInWithPassword: (email: string, password: string) => Promise<void>;
  signUp: (input: SignUpInput) => Promise<void>;
  /** Call straight from the click: it opens a window, which browsers only allow then. */
  signInWithGoogle: () => Promise<void>;
  sendPasswordReset: (email: string) => Promise<void>;
  /** Sends the verification link again; resolves with whether this is the test-mode emulator. */
  resendVerification: () => Promise<{ testMode: boolean }>;
};

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
const IDENTITY_LOAD_FAILED = 'Sign-in could not be loaded. Check your connection and try again.';

export const AuthContext = createContext<AuthState | null>(null);

export function adminQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.auth.admin(email),
    queryFn: ({ signal }) => fetchIsAdmin(email, signal),
    staleTime: 60_000,
  });
}

function toSessionUser(user: FirebaseUser, email: string): SessionUser {
  return { email, displayName: user.displayName, photoURL: user.photoURL, emailVerified: user.emailVerified };
}

function emailOf(user: FirebaseUser): string | null {
  return user.email ? user.email.toLowerCase() : null;
}

const noSubscription = () => () => undefined;
const hasStoredToken = () => getAccessToken() !== null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A stored token means someone was signed in: do not show "signed out" until Firebase says so.
  // Read as an external store whose server value is "none", so a page the server rendered
  // (signed out, it knows no one) hydrates as rendered and only then shows the session.
  const storedSession = useSyncExternalStore(noSubscription, hasStoredToken, () => false);
  const [settled, setSettled] = useState(false);
  const initializing = storedSession && !settled;
  const [user, setUserState] = useState<SessionUser | null>(null);
  const [signedOutBecause, setSignedOutBecause] = useState<SignOutReason | null>(null);
  const [identity, setIdentity] = useState<IdentityState>({ status: 'idle', testMode: false, error: null });

  const userRef = useRef<SessionUser | null>(null);
  const providerRef = useRef<IdentityProvider | null>(null);
  const loadingRef = useRef<Promise<IdentityProvider> | null>(null);
  /** Sign-ins in progress: they settle the session themselves, Firebase's report is not needed. */
  const flowsRef = useRef(0);
  /** Bumped by every change of session, so an older background token exchange cannot win. */
  const generationRef = useRef(0);

  const setUser = useCallback(
    (next: SessionUser | null) => {
      // Another person's cached answers (orders, profile, users) must not show for this one.
      if (next && userRef.current?.email !== next.email) queryClient.removeQueries({ type: 'inactive' });
      if (!next) queryClient.removeQueries({ queryKey: queryKeys.auth.all });
      userRef.current = next;
      setUserState(next);
      setSettled(true);
    },
    [queryClient],
  );

  const loadProvider = useCallback((): Promise<IdentityProvider> => {
    loadingRef.current ??= (async () => {
      setIdentity((state) => ({ ...state, status: 'loading', error: null }));
      try {
        const { loadIdentityProvider } = await import('./firebase.ts');
        const provider = await loadIdentityProvider();
        providerRef.current = provider;
        setIdentity({ status: 'ready', testMode: provider.emulatorHost !== null, error: null });
        return provider;
      } catch (error) {
        loadingRef.current = null;
        setIdentity({ status: 'error', testMode: false, error: IDENTITY_LOAD_FAILED });
        // A stored session cannot be confirmed; the token stays for the next attempt.
        setSettled(true);
        throw error;
      }
    })();
    return loadingRef.current;
  }, []);

  const loadIdentity = useCallback(() => {
    loadProvider().catch(() => undefined);
  }, [loadProvider]);

  const signOut = useCallback(
    async (reason?: SignOutReason) => {
      generationRef.current++;
      markSigningOut();
      // A plain Logout ends the token on the server too; the other reasons mean it already ended.
      const token = getAccessToken();
      if (token && !reason) void endApiSession(token).catch(() => undefined);
      clearAccessToken();
      setUser(null);
      setSignedOutBecause(reason ?? null);
      const provider = providerRef.current ?? (await loadingRef.current?.catch(() => null)) ?? null;
      try {
        await provider?.signOut();
        clearSigningOut();
      } catch {
        // The shop's side of the session is gone already; the mark has the next visit finish
        // Firebase's.
      }
    },
    [setUser],
  );

  /** Firebase's report: at start, after sign-in and sign-out, and when another tab changes the user. */
  const onFirebaseUser = useCallback(
    (firebaseUser: FirebaseUser | null) => {
      const generation = ++generationRef.current;
      if (flowsRef.current > 0) return;
      const email = firebaseUser ? emailOf(firebaseUser) : null;
      if (!firebaseUser || !email) {
        clearAccessToken();
        setUser(null);
        return;
      }
      const stored = getAccessToken();
      if (stored && isTokenUsableFor(stored, email)) {
        setUser(toSessionUser(firebaseUser, email));
        return;
      }
      // The visitor signed out, but Firebase had not forgotten them when the page went away:
      // finish that sign-out rather than sign them back in.
      if (isSigningOut()) {
        void signOut();
        return;
      }
      // Signed in with Firebase but without a usable API token (it expired while the tab was
      // closed, say): exchange a fresh one rather than asking for the password again.
      void (async () => {
        try {
          const token = await exchangeIdToken(email, await firebaseUser.getIdToken());
          if (generation !== generationRef.current) return;
          setAccessToken(token);
          setUser(toSessionUser(firebaseUser, email));
        } catch (error) {
          if (generation !== generationRef.current) return;
          clearAccessToken();
          setUser(null);
          // The shop refused this account: leave Firebase too. Anything else (the API is
          // down) keeps the Firebase session for the next visit to try again.
          if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
            await providerRef.current?.signOut().catch(() => undefined);
          }
        }
      })();
    },
    [setUser, signOut],
  );

  useEffect(() => {
    if (identity.status !== 'ready' || !providerRef.current) return;
    return providerRef.current.onUserChanged(onFirebaseUser);
  }, [identity.status, onFirebaseUser]);

  // Only a stored session needs Firebase at once; signed-out visitors of public pages never
  // download it (the sign-in pages ask for it when they open).
  useEffect(() => {
    if (getAccessToken() !== null) loadIdentity();
  }, [loadIdentity]);

  // A token the API refuses (expired, or the secret rotated) ends the session cleanly.
  useEffect(() => {
    const onExpired = () => {
      if (!userRef.current && getAccessToken() === null) return;
      toastInfo(SESSION_EXPIRED_MESSAGE, 'session-expired');
      void signOut('expired');
    };
    window.addEventListener(AUTH_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(AUTH_EXPIRED_EVENT, onExpired);
  }, [signOut]);

  /**
   * Every sign-in and sign-up ends here: Firebase signs in, its ID token is exchanged for
   * the API token (stored as accessToken), then the session starts. If the exchange fails
   * the Firebase sign-in is undone, so the two never disagree.
   */
  const runSignIn = useCallback(
    async (signIn: () => Promise<FirebaseUser>, freshIdToken = false) => {
      flowsRef.current++;
      generationRef.current++;
      if (userRef.current) {
        clearAccessToken();
        setUser(null);
      }
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
        setSignedOutBecause(null);
        setUser(toSessionUser(signedIn, email));
      } catch (error) {
        if (signedIn) {
          clearAccessToken();
          setUser(null);
          await providerRef.current?.signOut().catch(() => undefined);
        }
        throw error;
      } finally {
        flowsRef.current--;
      }
    },
    [setUser],
  );

  const signInWithPassword = useCallback(
    (email: string, password: string) =>
      runSignIn(async () => (providerRef.current ?? (await loadProvider())).signInWithPassword(email, password)),
    [runSignIn, loadProvider],
  );

  const signUp = useCallback(
    (input: SignUpInput) => runSignIn(async () => (providerRef.current ?? (await loadProvider())).signUp(input), true),
    [runSignIn, loadProvider],
  );

  const signInWithGoogle = useCallback(() => {
    const provider = providerRef.current;
    if (!provider) {
      return Promise.reject(
        new AuthFlowError('parts-shop/not-ready', 'Sign-in is still loading. Please try again in a moment.'),
      );
    }
    return runSignIn(() => provider.signInWithGoogle());
  }, [runSignIn]);

  const sendPasswordReset = useCallback(
    async (email: string) => {
      const provider = providerRef.current ?? (await loadProvider());
      await provider.sendPasswordReset(email);
    },
    [loadProvider],
  );

  const resendVerification = useCallback(async () => {
    const provider = providerRef.current ?? (await loadProvider());
    await provider.resendVerification();
    return { testMode: provider.emulatorHost !== null };
  }, [loadProvider]);

  const adminCheck = useQuery({ ...adminQueryOptions(user?.email ?? ''), enabled: user !== null });
  const refetchAdmin = adminCheck.refetch;
  const recheckAdmin = useCallback(() => {
    void refetchAdmin();
  }, [refetchAdmin]);

  const isAdmin = user ? (adminCheck.data ?? null) : null;
  const adminCheckFailed = user !== null && adminCheck.isError && adminCheck.data === undefined;

  // The dependency list repeats the object's fields on purpose: the context changes exactly when one of them does.
  const value = useMemo<AuthState>(
    () => ({
      initializing,
      user,
      isAdmin,
      signOut,
      adminCheckFailed,
      recheckAdmin,
      signedOutBecause,
      identity,
      loadIdentity,
      signInWithPassword,
      signUp,
      signInWithGoogle,
      sendPasswordReset,
      resendVerification,
    }),
    [
      initializing,
      user,
      isAdmin,
      signOut,
      adminCheckFailed,
      recheckAdmin,
      signedOutBecause,
      identity,
      loadIdentity,
      signInWithPassword,
      signUp,
      signInWithGoogle,
      sendPasswordReset,
      resendVerification,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}
