import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { useAuth } from '#web/lib/auth.tsx';

/** Says so when sign-in itself could not load (the API or the network is down), with a retry. */
export function IdentityStatus() {
  const { identity, loadIdentity } = useAuth();
  if (identity.status !== 'error' || !identity.error) return null;
  return <RetryAlert onRetry={loadIdentity}>{identity.error}</RetryAlert>;
}
