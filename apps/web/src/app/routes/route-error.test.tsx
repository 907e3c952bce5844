import { fireEvent, screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ChunkReload from '#web/lib/chunk-reload.ts';
import { reloadPage } from '#web/lib/chunk-reload.ts';
import { PageError, RootError, SectionError } from './route-error.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/chunk-reload.ts', async (original) => ({
  ...(await original<typeof ChunkReload>()),
  reloadPage: vi.fn(),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(reloadPage).mockClear();
});

const screenState = { broken: true };
/** Throws while drawing as long as the screen is broken. */
function Flaky() {
  if (screenState.broken) throw new Error('Cannot read properties of undefined (reading "price")');
  return <p>Orders drawn</p>;
}

function DashboardMenu() {
  return (
    <div>
      <nav aria-label="Dashboard">menu</nav>
      <Outlet />
    </div>
  );
}

const shopRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <div>
        <header>Shop navbar</header>
        <Outlet />
      </div>
    ),
    ErrorBoundary: RootError,
    children: [
      {
        ErrorBoundary: PageError,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: 'broken', Component: Flaky },
          {
            path: 'dashboard',
            Component: DashboardMenu,
            children: [{ path: 'myorders', Component: Flaky, ErrorBoundary: SectionError }],
          },
        ],
      },
    ],
  },
];

describe('error screens', () => {
  it('a page that throws shows a friendly message with Try again and Home under the navbar', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    screenState.broken = true;
    renderRoute(shopRoutes, { url: '/broken' });
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Your orders and payments are safe/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Shop navbar')).toBeTruthy();
    // Not the router's own page.
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.queryByText(/reading "price"/)).toBeNull();
  });

  it('Try again draws the screen again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    screenState.broken = true;
    renderRoute(shopRoutes, { url: '/broken' });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    screenState.broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Orders drawn')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });

  it('Home leaves the error for the home page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    screenState.broken = true;
    const { router } = renderRoute(shopRoutes, { url: '/broken' });
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a dashboard section that throws keeps the dashboard menu and uses a second-level heading', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    screenState.broken = true;
    renderRoute(shopRoutes, { url: '/dashboard/myorders' });
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a screen whose code failed to load says so, and Try again reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoute([
      {
        path: '/',
        ErrorBoundary: RootError,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
      },
    ]);
    expect(await screen.findByText(/may have just been updated/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
