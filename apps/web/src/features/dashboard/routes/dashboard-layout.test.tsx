import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { answerApi, json } from '#web-test/api.ts';
import { mockAuthState } from '#web-test/auth-testing.tsx';
import { Component as DashboardLayout } from './dashboard-layout.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

beforeEach(() => {
  answerApi({ 'GET /api/admin/messages/unread': () => json({ unread: 3 }) });
});

afterEach(() => vi.unstubAllGlobals());

const user = { email: 'casey@example.com', displayName: 'Casey', photoURL: null };
const dashboard = [
  { path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <p>Profile</p> }] },
];

function sidebarLinks(isAdmin: boolean | null) {
  renderRoute(dashboard, { url: '/dashboard', auth: { user, isAdmin } });
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('Dashboard sidebar', () => {
  it('shows customers My Profile, My Orders, My Builds, My Alerts and Add Review', () => {
    expect(sidebarLinks(false)).toEqual([
      ['My Profile', '/dashboard'],
      ['My Orders', '/dashboard/myorders'],
      ['My Builds', '/dashboard/builds'],
      ['My Alerts', '/dashboard/alerts'],
      ['Add Review', '/dashboard/addreview'],
    ]);
  });

  it('shows admins the admin tools instead', () => {
    expect(sidebarLinks(true)).toEqual([
      ['Overview', '/dashboard'],
      ['My Profile', '/dashboard/profile'],
      ['Make Admin', '/dashboard/users'],
      ['Add Products', '/dashboard/addProduct'],
      ['Manage Orders', '/dashboard/manageorders'],
      ['Manage Products', '/dashboard/manageproducts'],
      ['Messages', '/dashboard/messages'],
      ['Audit Log', '/dashboard/audit'],
      ['Assistants', '/dashboard/assistants'],
      ['Settings', '/dashboard/settings'],
      ['Tax Report', '/dashboard/tax-report'],
      ['Discounts', '/dashboard/discounts'],
    ]);
  });

  it('counts the unread messages in the Messages link’s name', async () => {
    sidebarLinks(true);
    expect((await screen.findByRole('link', { name: 'Messages 3 unread' })).getAttribute('href')).toBe(
      '/dashboard/messages',
    );
  });

  it('shows only My Profile until the server has answered', () => {
    expect(sidebarLinks(null)).toEqual([['My Profile', '/dashboard']]);
  });

  it('marks the current screen', () => {
    sidebarLinks(false);
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('Dashboard email verification notice', () => {
  function dashboardFor(emailVerified: boolean, resendVerification = mockAuthState().resendVerification) {
    renderRoute(dashboard, {
      url: '/dashboard',
      auth: { user: { ...user, emailVerified }, isAdmin: false, resendVerification },
    });
  }

  it('tells an unverified customer that order emails wait until the address is verified', () => {
    dashboardFor(false);
    expect(screen.getByText(messages.emailsWaitForVerification)).toBeTruthy();
  });

  it('sends the link again, and on the embedded default says where it is', async () => {
    const resend = vi.fn(() => Promise.resolve({ testMode: true }));
    dashboardFor(false, resend);
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(resend).toHaveBeenCalledOnce();
    expect(await screen.findByText(messages.verificationLinkInConsole)).toBeTruthy();
  });

  it('says nothing once the address is verified', () => {
    dashboardFor(true);
    expect(screen.queryByText(messages.emailsWaitForVerification)).toBeNull();
  });
});
