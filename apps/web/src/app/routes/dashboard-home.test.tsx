import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as DashboardHome } from './dashboard-home.tsx';

const auth = vi.hoisted(() => ({ isAdmin: null as boolean | null, adminCheckFailed: false }));
vi.mock('#web/lib/auth.tsx', () => ({ useAuth: () => auth }));
vi.mock('#web/features/overview/routes/overview.tsx', () => ({ Component: () => <h2>Overview</h2> }));
vi.mock('#web/features/account/routes/my-profile.tsx', () => ({ Component: () => <h2>My Profile</h2> }));

afterEach(cleanup);

describe('/dashboard', () => {
  it.each([
    [true, false, 'Overview'],
    [false, false, 'My Profile'],
    // The role could not be checked: My Profile, which every user may see.
    [null, true, 'My Profile'],
  ])('opens on the right first page (admin: %s, check failed: %s): %s', async (isAdmin, failed, heading) => {
    Object.assign(auth, { isAdmin, adminCheckFailed: failed });
    render(<DashboardHome />);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('waits for the role before choosing', () => {
    Object.assign(auth, { isAdmin: null, adminCheckFailed: false });
    render(<DashboardHome />);
    expect(screen.getByText('Loading your dashboard')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
