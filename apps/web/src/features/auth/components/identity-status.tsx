import { useAuth } from '../../../lib/auth.tsx';

/** Says so when sign-in itself could not load (the API or the network is down), with a retry. */
export function IdentityStatus() {
  const { identity, loadIdentity } = useAuth();
  if (identity.status !== 'error' || !identity.error) return null;
  return (
    <div role="alert" className="alert alert-error flex flex-wrap justify-between">
      <span>{identity.error}</span>
      <button type="button" className="btn btn-sm" onClick={loadIdentity}>
        Try again
      </button>
    </div>
  );
}
