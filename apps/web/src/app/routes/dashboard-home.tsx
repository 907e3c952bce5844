import { lazy, Suspense } from 'react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/lib/auth.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';

const Overview = lazy(() =>
  loadChunk(() => import('#web/features/overview/routes/overview.tsx')).then((m) => ({ default: m.Component })),
);
const MyProfile = lazy(() =>
  loadChunk(() => import('#web/features/account/routes/my-profile.tsx')).then((m) => ({ default: m.Component })),
);

export function Component() {
  const { isAdmin, adminCheckFailed } = useAuth();
  if (isAdmin === null && !adminCheckFailed) return <Spinner label="Loading your dashboard" />;
  return <Suspense fallback={<Spinner />}>{isAdmin ? <Overview /> : <MyProfile />}</Suspense>;
}
