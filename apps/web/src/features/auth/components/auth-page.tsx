import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { redirectTarget } from '#web/lib/auth-session.ts';

export function AuthPage({ titleId, children }: { titleId: string; children: ReactNode }) {
  const { user, initializing, loadIdentity } = useAuth();
  const location = useLocation();
  useEffect(() => {
    loadIdentity();
  }, [loadIdentity]);
  if (user) return <Navigate to={redirectTarget(location.state)} replace />;
  if (initializing) return <Spinner label="Checking your sign-in" />;
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-md">
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">{children}</div>
      </div>
    </section>
  );
}
