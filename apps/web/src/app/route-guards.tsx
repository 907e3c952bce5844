import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { RetryAlert } from '../components/ui/retry-alert.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { adminQueryOptions, useAuth } from '../lib/auth.tsx';
import { adminGuardDecision, authGuardDecision, type LoginRedirectState } from '../lib/auth-session.ts';

// The route guards are screens (they show a spinner or an alert while they decide), so they live with the router
// rather than in lib, which sits below every component.

function pathOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { initializing, user } = useAuth();
  const location = useLocation();
  const decision = authGuardDecision({ initializing, signedIn: user !== null });
  if (decision === 'wait') return <Spinner label="Checking your sign-in" />;
  if (decision === 'login') {
    const state: LoginRedirectState = { from: pathOf(location) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { initializing, user, signOut } = useAuth();
  const location = useLocation();
  // Asked again on every arrival, so a refusal is never based on an old answer.
  const check = useQuery({
    ...adminQueryOptions(user?.email ?? ''),
    enabled: user !== null,
    refetchOnMount: 'always',
  });
  const settled = check.data === true || !check.isFetching;
  const decision = adminGuardDecision({
    initializing,
    signedIn: user !== null,
    isAdmin: settled ? (check.data ?? null) : null,
    adminCheckFailed: check.isError && !check.isFetching,
  });
  useEffect(() => {
    if (decision === 'deny') void signOut('admin-only');
  }, [decision, signOut]);

  switch (decision) {
    case 'allow':
      return <>{children}</>;
    case 'login': {
      // After a refusal the login page explains it (signedOutBecause).
      const state: LoginRedirectState = { from: pathOf(location) };
      return <Navigate to="/login" replace state={state} />;
    }
    case 'error':
      return (
        <RetryAlert onRetry={() => void check.refetch()} className="my-6">
          We could not check your access to this page. Please try again.
        </RetryAlert>
      );
    default:
      return <Spinner label="Checking your access" />;
  }
}
