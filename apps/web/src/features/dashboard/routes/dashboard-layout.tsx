import { NavLink, Outlet } from 'react-router';
import { useAuth } from '#web/lib/auth.tsx';
import { UnreadMessagesBadge } from '../components/unread-messages-badge.tsx';
import { VerifyEmailNotice } from '../components/verify-email-notice.tsx';

type DashboardLink = { to: string; label: string; end?: boolean; Badge?: React.ComponentType };

const MY_PROFILE: DashboardLink = { to: '/dashboard', label: 'My Profile', end: true };

export const CUSTOMER_LINKS: DashboardLink[] = [
  MY_PROFILE,
  { to: '/dashboard/myorders', label: 'My Orders' },
  { to: '/dashboard/builds', label: 'My Builds' },
  { to: '/dashboard/alerts', label: 'My Alerts' },
  { to: '/dashboard/addreview', label: 'Add Review' },
];

// An admin's /dashboard is the overview, so their My Profile has an address of its own.
export const ADMIN_LINKS: DashboardLink[] = [
  { to: '/dashboard', label: 'Overview', end: true },
  { to: '/dashboard/profile', label: 'My Profile' },
  { to: '/dashboard/users', label: 'Make Admin' },
  { to: '/dashboard/addProduct', label: 'Add Products' },
  { to: '/dashboard/manageorders', label: 'Manage Orders' },
  { to: '/dashboard/manageproducts', label: 'Manage Products' },
  { to: '/dashboard/messages', label: 'Messages', Badge: UnreadMessagesBadge },
  { to: '/dashboard/audit', label: 'Audit Log' },
  { to: '/dashboard/assistants', label: 'Assistants' },
  { to: '/dashboard/settings', label: 'Settings' },
  { to: '/dashboard/tax-report', label: 'Tax Report' },
  { to: '/dashboard/discounts', label: 'Discounts' },
];

export function dashboardLinks(isAdmin: boolean | null): DashboardLink[] {
  if (isAdmin === null) return [MY_PROFILE];
  return isAdmin ? ADMIN_LINKS : CUSTOMER_LINKS;
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : undefined);

export function Component() {
  const { user, isAdmin, adminCheckFailed, recheckAdmin } = useAuth();
  const links = dashboardLinks(isAdmin);
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <aside className="shrink-0 lg:w-60 print:hidden">
        <h1 className="mb-3 text-2xl font-bold">Dashboard</h1>
        <nav aria-label="Dashboard">
          <ul className="menu menu-horizontal w-full flex-wrap gap-1 rounded-box bg-base-200 lg:menu-vertical">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end ?? false} className={linkClass}>
                  {link.label}
                  {link.Badge ? <link.Badge /> : null}
                </NavLink>
              </li>
            ))}
            {isAdmin === null && !adminCheckFailed ? (
              <li className="menu-disabled">
                <span>
                  <span className="loading loading-dots loading-xs" aria-hidden="true" />
                  <span className="sr-only">Loading your menu</span>
                </span>
              </li>
            ) : null}
            {isAdmin === null && adminCheckFailed ? (
              <li>
                <button type="button" onClick={recheckAdmin}>
                  Reload menu
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </aside>
      {/* One content width and left edge for every dashboard page. */}
      <div className="min-w-0 max-w-5xl flex-1">
        {user?.emailVerified === false ? <VerifyEmailNotice /> : null}
        <Outlet />
      </div>
    </div>
  );
}
