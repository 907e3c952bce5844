import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { MockAuthProvider, mockAuthState } from '#web-test/auth-testing.tsx';
import { clearAccessToken, setAccessToken } from '#web/lib/token-storage.ts';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';
import { fetchMock, json, stubApi } from '#web-test/api.ts';

// jsdom has <dialog> but not its modal methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const signOut = vi.fn(() => Promise.resolve());

beforeEach(() => {
  stubApi();
  setAccessToken('the-api-token');
});
afterEach(() => {
  cleanup();
  clearAccessToken();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MockAuthProvider
        state={mockAuthState({ user: { email: 'casey@example.com', displayName: 'Casey', photoURL: null }, signOut })}
      >
        <SignOutEverywhere />
      </MockAuthProvider>
    </QueryClientProvider>,
  );
}

function confirm(answer: 'Yes' | 'No') {
  fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
  const dialog = screen.getByRole('dialog', { name: messages.confirmQuestion });
  fireEvent.click(within(dialog).getByRole('button', { name: answer }));
}

describe('Sign out everywhere (My Profile)', () => {
  it('asks first, then ends every session at the API and signs this browser out', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderCard();
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
    renderCard();
    confirm('No');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it("shows the API's message and stays signed in when the shop cannot finish", async () => {
    const message = 'The sign-in provider could not be reached. Please try again.';
    fetchMock.mockResolvedValue(json({ message }, 503));
    renderCard();
    confirm('Yes');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign out everywhere' }).disabled).toBe(false);
  });
});
