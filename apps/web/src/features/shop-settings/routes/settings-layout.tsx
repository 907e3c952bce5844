import { NavLink, Outlet } from 'react-router';

const TABS = [
  { to: '/dashboard/settings/shipping', label: 'Shipping' },
  { to: '/dashboard/settings/taxes', label: 'Taxes' },
];

/** /dashboard/settings: the shop's settings, a tab each; the index is Shipping. */
export function Component() {
  return (
    <section aria-labelledby="settings-title" className="flex flex-col gap-4">
      <h2 id="settings-title" className="text-2xl font-bold">
        Settings
      </h2>
      <nav aria-label="Settings">
        <ul className="tabs tabs-box w-fit">
          {TABS.map((tab) => (
            <li key={tab.to} className="contents">
              <NavLink to={tab.to} className={({ isActive }) => `tab${isActive ? ' tab-active' : ''}`}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </section>
  );
}
