import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { useAuth } from '#web/lib/auth.tsx';

export function IdentityStatus() {
  const { identity, loadIdentity } = useAuth();
  if (identity.status !== 'error' || !identity.error) return null;
  return <RetryAlert onRetry={loadIdentity}>{identity.error}</RetryAlert>;
}
