import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { isKnownPath, routes } from './router.tsx';
import { PageError, RootError, SectionError } from './routes/route-error.tsx';

const shop = routes.find((route) => route.path === '/');
const pages = shop?.children?.[0];
const dashboard = pages?.children?.find((route) => route.path === 'dashboard');

describe('the router’s error screens', () => {
  it('has a root boundary, one for the pages under the navbar, and one per dashboard section', () => {
    expect(shop?.ErrorBoundary).toBe(RootError);
    expect(pages?.ErrorBoundary).toBe(PageError);
    const sections: RouteObject[] = dashboard?.children ?? [];
    expect(sections.length).toBe(23);
    for (const section of sections) expect(section.ErrorBoundary, section.path ?? 'index').toBe(SectionError);
  });

  it('gives the stand-alone Google account picker a boundary too', () => {
    expect(routes.find((route) => route.path === '/auth/google-picker')?.ErrorBoundary).toBe(RootError);
  });
});

describe('the addresses the server answers 404 for', () => {
  it('knows every screen, those behind sign-in too', () => {
    for (const path of ['/', '/home', '/allparts', '/parts/abc', '/build', '/login', '/signup', '/faq'])
      expect(isKnownPath(path), path).toBe(true);
    for (const path of [
      '/dashboard',
      '/dashboard/profile',
      '/dashboard/myorders',
      '/dashboard/audit',
      '/dashboard/editProduct/1',
      '/dashboard/messages',
      '/dashboard/assistants',
      '/dashboard/settings/shipping',
      '/dashboard/settings/taxes',
      '/dashboard/tax-report',
      '/dashboard/discounts',
      '/dashboard/discounts/new',
      '/dashboard/discounts/d-1',
      '/purchase/p1',
      '/auth/google-picker',
      '/dashboard/customers/a@example.com',
      '/packing-slip/1',
    ])
      expect(isKnownPath(path), path).toBe(true);
  });

  it('does not know an address only the catch-all not-found screen matches', () => {
    for (const path of ['/nowhere', '/parts/abc/extra', '/dashboard/nowhere', '/allparts/x'])
      expect(isKnownPath(path), path).toBe(false);
  });
});
