import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from './router.tsx';
import { PageError, RootError, SectionError } from './routes/route-error.tsx';

const shop = routes.find((route) => route.path === '/');
const pages = shop?.children?.[0];
const dashboard = pages?.children?.find((route) => route.path === 'dashboard');

describe('the router’s error screens', () => {
  it('has a root boundary, one for the pages under the navbar, and one per dashboard section', () => {
    expect(shop?.ErrorBoundary).toBe(RootError);
    expect(pages?.ErrorBoundary).toBe(PageError);
    const sections: RouteObject[] = dashboard?.children ?? [];
    expect(sections.length).toBe(11);
    for (const section of sections) expect(section.ErrorBoundary, section.path ?? 'index').toBe(SectionError);
  });

  it('gives the stand-alone Google account picker a boundary too', () => {
    expect(routes.find((route) => route.path === '/auth/google-picker')?.ErrorBoundary).toBe(RootError);
  });
});
