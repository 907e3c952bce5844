import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { clearAccessToken, setAccessToken } from '#web/lib/token-storage.ts';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';
import { customerUser, renderRoute } from '#web-test/render-route.tsx';

const signOut = vi.fn(() => Promise.resolve());

beforeEach(() => {
  stubApi();
  setAccessToken('the-api-token');
});
afterEach(() => {
  clearAccessToken();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function confirm(answer: 'Yes' | 'No') {
  fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
  const dialog = screen.getByRole('dialog', { name: messages.confirmQuestion });
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
}

describe('Sign out everywhere (My Profile)', () => {
  it('asks first, then ends every session at the API and signs this browser out', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderRoute(<SignOutEverywhere />, { auth: { user: customerUser, signOut } });
    expect(screen.getByRole('heading', { name: 'Your devices' })).toBeTruthy();
    confirm('Yes');
    await waitFor(() => expect(signOut).toHaveBeenCalledWith('everywhere'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/me/sign-out-everywhere');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer the-api-token');
  });

  it('does nothing on No', () => {
    renderRoute(<SignOutEverywhere />, { auth: { user: customerUser, signOut } });
    confirm('No');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it("shows the API's message and stays signed in when the shop cannot finish", async () => {
    const message = 'The sign-in provider could not be reached. Please try again.';
    fetchMock.mockResolvedValue(json({ message }, 503));
    renderRoute(<SignOutEverywhere />, { auth: { user: customerUser, signOut } });
    confirm('Yes');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign out everywhere' }).disabled).toBe(false);
  });
});
