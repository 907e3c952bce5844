import type { ReactNode } from 'react';
import { AuthContext, type AuthState } from '#web/lib/auth.tsx';

/** A settled, signed-out session whose actions are resolved no-ops unless overridden. */
export function mockAuthState(overrides: Partial<AuthState> = {}): AuthState {
  const done = () => Promise.resolve();
  return {
    initializing: false,
    user: null,
    isAdmin: null,
    signOut: done,
    adminCheckFailed: false,
    recheckAdmin: () => undefined,
    signedOutBecause: null,
    identity: { status: 'ready', testMode: true, error: null },
    loadIdentity: () => undefined,
    signInWithPassword: done,
    signUp: done,
    signInWithGoogle: done,
    sendPasswordReset: done,
    resendVerification: () => Promise.resolve({ testMode: true }),
    ...overrides,
  };
}

export function MockAuthProvider({ state, children }: { state: AuthState; children: ReactNode }) {
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
