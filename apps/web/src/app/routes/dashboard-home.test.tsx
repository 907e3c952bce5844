import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Component as DashboardHome } from './dashboard-home.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/features/overview/routes/overview.tsx', () => ({ Component: () => <h2>Overview</h2> }));
vi.mock('#web/features/account/routes/my-profile.tsx', () => ({ Component: () => <h2>My Profile</h2> }));

describe('/dashboard', () => {
  it.each([
    [true, false, 'Overview'],
    [false, false, 'My Profile'],
    // The role could not be checked: My Profile, which every user may see.
    [null, true, 'My Profile'],
  ])('opens on the right first page (admin: %s, check failed: %s): %s', async (isAdmin, failed, heading) => {
    renderRoute(<DashboardHome />, { auth: { isAdmin, adminCheckFailed: failed } });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('waits for the role before choosing', () => {
    renderRoute(<DashboardHome />, { auth: { isAdmin: null } });
    expect(screen.getByText('Loading your dashboard')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
