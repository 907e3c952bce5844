import { Navigate } from 'react-router';

/** /dashboard/settings opens its first tab. */
export function Component() {
  return <Navigate to="/dashboard/settings/shipping" replace />;
}
