// The session for React: the store's state (auth-store.ts) plus the server's admin answer.
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchIsAdmin } from './get-is-admin.ts';
import {
  createAuthStore,
  type AuthStore,
  type IdentityState,
  type SessionUser,
  type SignOutReason,
} from './auth-store.ts';
import { queryKeys } from './query-keys.ts';
import { getAccessToken } from './token-storage.ts';

export type { SessionUser } from './auth-store.ts';

type StoreActions = Pick<
  AuthStore,
  | 'signOut'
  | 'loadIdentity'
  | 'signInWithPassword'
  | 'signUp'
  | 'signInWithGoogle'
  | 'sendPasswordReset'
  | 'resendVerification'
>;

export type AuthState = StoreActions & {
  /** True until Firebase has told us whether someone is signed in (only when a token was stored at load). */
  initializing: boolean;
  user: SessionUser | null;
  /** Decided by the server (GET /admin/{email}); null while unknown. */
  isAdmin: boolean | null;
  /** The admin check failed for a reason other than the session (a network error, say). */
  adminCheckFailed: boolean;
  recheckAdmin: () => void;
  signedOutBecause: SignOutReason | null;
  identity: IdentityState;
};

export const AuthContext = createContext<AuthState | null>(null);

export function adminQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.auth.admin(email),
    queryFn: ({ signal }) => fetchIsAdmin(email, signal),
    staleTime: 60_000,
  });
}

const noSubscription = () => () => undefined;
const hasStoredToken = () => getAccessToken() !== null;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [store] = useState(() =>
    createAuthStore({
      onUserChange(previous, next) {
        // Another person's cached answers (orders, profile, users) must not show for this one.
        if (next && previous?.email !== next.email) queryClient.removeQueries({ type: 'inactive' });
        if (!next) queryClient.removeQueries({ queryKey: queryKeys.auth.all });
      },
    }),
  );
  useEffect(() => store.connect(), [store]);
  // The server, and the hydration that adopts its page, see the store as it starts: signed out.
  const { settled, user, signedOutBecause, identity } = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getSnapshot,
  );
  // The server renders signed out, so a stored token counts only after hydration.
  const storedSession = useSyncExternalStore(noSubscription, hasStoredToken, () => false);

  const adminCheck = useQuery({ ...adminQueryOptions(user?.email ?? ''), enabled: user !== null });
  const { refetch } = adminCheck;
  const isAdmin = user ? (adminCheck.data ?? null) : null;
  const adminCheckFailed = user !== null && adminCheck.isError && adminCheck.data === undefined;

  const value = useMemo<AuthState>(
    () => ({
      initializing: storedSession && !settled,
      user,
      isAdmin,
      adminCheckFailed,
      recheckAdmin: () => void refetch(),
      signedOutBecause,
      identity,
      signOut: store.signOut,
      loadIdentity: store.loadIdentity,
      signInWithPassword: store.signInWithPassword,
      signUp: store.signUp,
      signInWithGoogle: store.signInWithGoogle,
      sendPasswordReset: store.sendPasswordReset,
      resendVerification: store.resendVerification,
    }),
    [store, storedSession, settled, user, isAdmin, adminCheckFailed, refetch, signedOutBecause, identity],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}
