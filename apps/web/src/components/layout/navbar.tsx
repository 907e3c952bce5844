import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAuth } from '#web/lib/auth.tsx';
import { loadChunk } from '#web/lib/chunk-reload.ts';

// Only a signed-in customer has a cart, so its code (and the order schemas it reads with) loads for them alone, not
// on every visitor's first visit (the first-visit budget, docs/performance.md).
const CartIndicator = lazy(() =>
  loadChunk(() => import('./cart-indicator.tsx')).then((m) => ({ default: m.CartIndicator })),
);

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'font-semibold underline' : undefined);

const PUBLIC_LINKS = [
  ['/home', 'Home'],
  ['/allparts', 'Shop'],
  ['/build', 'Build a PC'],
  ['/blogs', 'Blogs'],
  ['/portfolio', 'My Portfolio'],
] as const;
const DASHBOARD_LINK = ['/dashboard', 'Dashboard'] as const;

export function Navbar() {
  const { user, initializing, isAdmin, signOut } = useAuth();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const shown = user ? [...PUBLIC_LINKS, DASHBOARD_LINK] : PUBLIC_LINKS;
  const links = shown.map(([to, label]) => (
    <li key={to}>
      <NavLink to={to} className={linkClass}>
        {label}
      </NavLink>
    </li>
  ));
  return (
    <header className="navbar bg-base-100 shadow-sm print:hidden">
      <div className="navbar-start w-auto shrink-0 lg:w-1/2 lg:shrink">
        <div className="relative lg:hidden">
          <button
            type="button"
            className="btn btn-ghost"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <svg
              xmlns="http://www.w3.org/2000/svg"
              className="h-5 w-5"
              fill="none"
              viewBox="0 0 24 24"
              stroke="currentColor"
              aria-hidden="true"
            >
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          {menuOpen ? (
            <ul id="mobile-menu" className="menu absolute z-20 mt-2 w-52 rounded-box bg-base-100 p-2 shadow">
              {links}
            </ul>
          ) : null}
        </div>
        <Link to="/" className="btn btn-ghost px-2 text-lg text-primary sm:px-4 sm:text-xl">
          Parts Shop
        </Link>
      </div>
      <nav className="navbar-center hidden lg:flex" aria-label="Main">
        <ul className="menu menu-horizontal px-1">{links}</ul>
      </nav>
      <div className="navbar-end min-w-0 flex-1 gap-1 sm:gap-2 lg:w-1/2 lg:flex-initial">
        {user ? (
          <>
            {/* Admins' dashboard has no My Orders (docs/product.md#dashboard), so only customers get a cart. */}
            {isAdmin === false ? (
              <Suspense fallback={null}>
                <CartIndicator email={user.email} />
              </Suspense>
            ) : null}
            <span className="min-w-0 max-w-20 truncate text-sm sm:max-w-40 sm:text-base" data-testid="display-name">
              {user.displayName ?? user.email}
            </span>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void signOut()}>
              Logout
            </button>
          </>
        ) : initializing ? (
          // A stored session is being confirmed: show neither "Login" nor a name yet.
          <span className="loading loading-dots loading-sm text-base-content/60" aria-hidden="true" />
        ) : (
          <Link to="/login" className="btn btn-primary btn-sm">
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
