// Contract for the session (implemented by the sign-in work): who is signed in, whether they
// are an admin (asked of the server), and sign-out. Features read it through useAuth().
import { createContext, useContext, type ReactNode } from 'react';

export type SessionUser = { email: string; displayName: string | null; photoURL: string | null };

export type AuthState = {
  /** True until Firebase has told us whether someone is signed in. */
  initializing: boolean;
  user: SessionUser | null;
  /** Decided by the server (GET /admin/{email}); null while unknown. */
  isAdmin: boolean | null;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const value: AuthState = { initializing: false, user: null, isAdmin: null, signOut: async () => undefined };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside AuthProvider');
  return state;
}

/** Route guard: signed-out visitors go to /login and come back afterwards (SPEC.md 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** Route guard: non-admins are signed out and sent to /login (SPEC.md 6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
