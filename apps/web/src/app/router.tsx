import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { loadChunk } from '../lib/chunk-reload.ts';
import type { PageHandle, PagePrefetch } from '../lib/page-prefetch.ts';
import { RequireAdmin, RequireAuth } from './route-guards.tsx';
import { PageError, RootError, SectionError } from './routes/route-error.tsx';
// The pages most visitors arrive on come with the first script instead of a round trip later (First Contentful Paint,
// docs/performance.md); every other screen loads on demand.
import { Component as Home, prefetch as prefetchHome } from '../features/home/routes/home.tsx';
import { Component as AllReviews, prefetch as prefetchAllReviews } from '../features/reviews/routes/all-reviews.tsx';

type Screen = { Component: React.ComponentType; prefetch?: PagePrefetch };

const lazy = (load: () => Promise<Screen>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { Component, prefetch } = await loadChunk(load);
    return { Component, handle: { prefetch } satisfies PageHandle };
  },
});

const page = (Component: React.ComponentType, prefetch?: PagePrefetch): Pick<RouteObject, 'Component' | 'handle'> => ({
  Component,
  handle: { prefetch } satisfies PageHandle,
});

const guarded = (
  load: () => Promise<{ Component: React.ComponentType }>,
  admin = false,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { Component } = await loadChunk(load);
    const Guard = admin ? RequireAdmin : RequireAuth;
    return {
      Component: () => (
        <Guard>
          <Component />
        </Guard>
      ),
    };
  },
});

const DASHBOARD_SECTIONS: RouteObject[] = [
  { index: true, ...lazy(() => import('./routes/dashboard-home.tsx')) },
  { path: 'profile', ...lazy(() => import('../features/account/routes/my-profile.tsx')) },
  { path: 'myorders', ...lazy(() => import('../features/orders/routes/my-orders.tsx')) },
  { path: 'orders/:orderId', ...lazy(() => import('../features/orders/routes/order-detail.tsx')) },
  { path: 'builds', ...lazy(() => import('../features/builds/routes/my-builds.tsx')) },
  { path: 'alerts', ...lazy(() => import('../features/alerts/routes/my-alerts.tsx')) },
  { path: 'addreview', ...lazy(() => import('../features/reviews/routes/add-review.tsx')) },
  { path: 'payment/:orderId', ...lazy(() => import('../features/payments/routes/payment.tsx')) },
  { path: 'payment', ...lazy(() => import('../features/payments/routes/group-payment.tsx')) },
  { path: 'users', ...guarded(() => import('../features/users/routes/make-admin.tsx'), true) },
  { path: 'customers/:email', ...guarded(() => import('../features/orders/routes/customer.tsx'), true) },
  { path: 'addProduct', ...guarded(() => import('../features/manage-products/routes/add-product.tsx'), true) },
  { path: 'manageorders', ...guarded(() => import('../features/orders/routes/manage-orders.tsx'), true) },
  { path: 'manageproducts', ...guarded(() => import('../features/manage-products/routes/manage-products.tsx'), true) },
  { path: 'editProduct/:id', ...guarded(() => import('../features/manage-products/routes/edit-product.tsx'), true) },
  { path: 'audit', ...guarded(() => import('../features/audit/routes/audit-log.tsx'), true) },
  { path: 'messages', ...guarded(() => import('../features/messages/routes/messages.tsx'), true) },
  { path: 'assistants', ...guarded(() => import('../features/assistants/routes/assistants.tsx'), true) },
  {
    path: 'settings',
    ...guarded(() => import('../features/shop-settings/routes/settings-layout.tsx'), true),
    children: [
      { index: true, ...lazy(() => import('../features/shop-settings/routes/settings-index.tsx')) },
      { path: 'shipping', ...lazy(() => import('../features/shop-settings/routes/shipping-settings.tsx')) },
      { path: 'taxes', ...lazy(() => import('../features/shop-settings/routes/tax-settings.tsx')) },
    ],
  },
  { path: 'tax-report', ...guarded(() => import('../features/shop-settings/routes/tax-report.tsx'), true) },
  { path: 'discounts', ...guarded(() => import('../features/discounts/routes/discounts.tsx'), true) },
  { path: 'discounts/new', ...guarded(() => import('../features/discounts/routes/new-discount.tsx'), true) },
  { path: 'discounts/:discountId', ...guarded(() => import('../features/discounts/routes/edit-discount.tsx'), true) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // Shown while the first screen's code loads, on pages the server did not render.
    HydrateFallback: Spinner,
    // The layout itself failed: a page of its own. A page that fails keeps the navbar (below).
    ErrorBoundary: RootError,
    children: [
      {
        ErrorBoundary: PageError,
        children: [
          { index: true, ...page(Home, prefetchHome) },
          { path: 'home', ...page(Home, prefetchHome) },
          { path: 'blogs', ...lazy(() => import('../features/blogs/routes/blogs.tsx')) },
          { path: 'faq', ...lazy(() => import('../features/blogs/routes/blogs.tsx')) },
          { path: 'allparts', ...lazy(() => import('../features/parts/routes/all-parts.tsx')) },
          { path: 'allreviews', ...page(AllReviews, prefetchAllReviews) },
          // The server writes this page's head (title, Product data) for the same path.
          { path: 'parts/:id', ...lazy(() => import('../features/parts/routes/part-page.tsx')) },
          { path: 'compare', ...lazy(() => import('../features/compare/routes/compare.tsx')) },
          // The planner loads on demand: it does not weigh on the first visit's script.
          { path: 'build', ...lazy(() => import('../features/builds/routes/build-planner.tsx')) },
          // Published builds: the server writes their heads (title, total, picture) for the same paths.
          { path: 'builds', ...lazy(() => import('../features/builds/routes/builds-gallery.tsx')) },
          { path: 'builds/:id', ...lazy(() => import('../features/builds/routes/public-build.tsx')) },
          // Completed builds: the server writes their heads and draws their bodies for the same paths.
          {
            path: 'completed-builds',
            ...lazy(() => import('../features/completed-builds/routes/completed-builds-gallery.tsx')),
          },
          {
            path: 'completed-builds/:id',
            ...lazy(() => import('../features/completed-builds/routes/completed-build.tsx')),
          },
          { path: 'portfolio', ...lazy(() => import('../features/portfolio/routes/portfolio.tsx')) },
          { path: 'login', ...lazy(() => import('../features/auth/routes/login.tsx')) },
          { path: 'signup', ...lazy(() => import('../features/auth/routes/signup.tsx')) },
          { path: 'purchase/:partId', ...guarded(() => import('../features/purchase/routes/purchase.tsx')) },
          {
            path: 'dashboard',
            ...guarded(() => import('../features/dashboard/routes/dashboard-layout.tsx')),
            // Each section fails on its own: the menu stays, and so does the way to the other sections.
            children: DASHBOARD_SECTIONS.map((section) => ({ ...section, ErrorBoundary: SectionError })),
          },
          { path: '*', ...lazy(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
  // A packing slip prints on its own, without the shop's navbar, menu or footer.
  {
    path: '/packing-slip/:orderId',
    HydrateFallback: Spinner,
    ErrorBoundary: RootError,
    ...guarded(() => import('../features/orders/routes/packing-slip.tsx'), true),
  },
  // The test-mode Google account picker opens in its own 500 x 600 window, without the shop's chrome.
  {
    path: '/auth/google-picker',
    HydrateFallback: Spinner,
    ErrorBoundary: RootError,
    ...lazy(() => import('../features/auth/routes/google-picker.tsx')),
  },
];

export function createRouter(drawn = false) {
  return createBrowserRouter(routes, drawn ? { hydrationData: {} } : undefined);
}

export function isKnownPath(pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return matches !== null && matches.at(-1)?.route.path !== '*';
}

/**
 * Loads the code of every route the address matches, before the router is made: a page the server rendered is then
 * drawn the same in the browser's first render, which adopts the server's HTML instead of replacing it with a
 * spinner.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }
}
