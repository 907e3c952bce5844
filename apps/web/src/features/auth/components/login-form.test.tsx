import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parts-shop/shared/ui-messages';
import { toastSuccess } from '#web/lib/toast.ts';
import { Component as Login } from '../routes/login.tsx';
import { Component as Signup } from '../routes/signup.tsx';
import { renderRoute } from '#web-test/render-route.tsx';

vi.mock('#web/lib/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

afterEach(() => vi.clearAllMocks());

const authPages = [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/login', element: <Login /> },
  { path: '/signup', element: <Signup /> },
  { path: '/purchase/:id', element: <h1>Purchase page</h1> },
];

const field = (name: string) => screen.getByLabelText(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('Login', () => {
  it('shows the contract’s messages for an empty and a bad form', async () => {
    const signInWithPassword = vi.fn(() => Promise.resolve());
    renderRoute(authPages, { url: '/login', auth: { signInWithPassword } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
    type('Email', 'not-an-email');
    type('Password', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(messages.passwordShort)).toBeTruthy();
    expect(signInWithPassword).not.toHaveBeenCalled();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in with the typed email and password', async () => {
    const signInWithPassword = vi.fn(() => Promise.resolve());
    renderRoute(authPages, { url: '/login', auth: { signInWithPassword } });
    type('Email', 'Casey@Example.com');
    type('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(signInWithPassword).toHaveBeenCalledWith('casey@example.com', 'secret-pass'));
  });

  it('shows the identity provider’s failure as words in red under the form', async () => {
    const failure = Object.assign(new Error('Firebase: Error (auth/wrong-password).'), { code: 'auth/wrong-password' });
    renderRoute(authPages, { url: '/login', auth: { signInWithPassword: () => Promise.reject(failure) } });
    type('Email', 'casey@example.com');
    type('Password', 'wrong-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/password is not correct/);
    expect(alert.className).toContain('text-error');
  });

  it('Forgot Password asks for the email first, then sends the reset email', async () => {
    const sendPasswordReset = vi.fn(() => Promise.resolve());
    renderRoute(authPages, { url: '/login', auth: { sendPasswordReset } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(await screen.findByText(messages.forgotPasswordEmail)).toBeTruthy();
    expect(sendPasswordReset).not.toHaveBeenCalled();
    type('Email', 'casey@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(messages.emailSent));
    expect(sendPasswordReset).toHaveBeenCalledWith('casey@example.com');
  });

  it('links to sign-up and offers Continue With Google', () => {
    renderRoute(authPages, { url: '/login' });
    expect(screen.getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Continue With Google' })).toBeTruthy();
  });

  it('Continue With Google waits for sign-in to load, then shows a blocked popup in words', async () => {
    const popupBlocked = Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' });
    const signInWithGoogle = vi.fn(() => Promise.reject(popupBlocked));
    const loading = { identity: { status: 'loading' as const, testMode: true, error: null } };
    const { setAuth } = renderRoute(authPages, { url: '/login', auth: loading });
    const button = () => screen.getByRole('button', { name: 'Continue With Google' });
    expect(button()).toHaveProperty('disabled', true);
    setAuth({ signInWithGoogle });
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toMatch(/blocked the sign-in window/);
  });

  it('sends a signed-in user on to the page they asked for', async () => {
    const { router } = renderRoute(authPages, {
      url: { pathname: '/login', state: { from: '/purchase/abc' } },
      auth: { user: { email: 'casey@example.com', displayName: 'Casey', photoURL: null } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase/abc'));
  });

  it('explains why an admin page sent a customer here', () => {
    renderRoute(authPages, { url: '/login', auth: { signedOutBecause: 'admin-only' } });
    expect(screen.getByRole('status').textContent).toMatch(/for admins only/);
  });
});

describe('Sign Up', () => {
  it('requires a name and signs up with name, email and password', async () => {
    const signUp = vi.fn(() => Promise.resolve());
    renderRoute(authPages, { url: '/signup', auth: { signUp } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(messages.nameRequired)).toBeTruthy();
    type('Name', 'New Person');
    type('Email', 'new@example.com');
    type('Password', 'secret-pass');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(signUp).toHaveBeenCalledWith({ name: 'New Person', email: 'new@example.com', password: 'secret-pass' }),
    );
  });

  it('shows an email already in use in plain words', async () => {
    const taken = Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), {
      code: 'auth/email-already-in-use',
    });
    renderRoute(authPages, { url: '/signup', auth: { signUp: () => Promise.reject(taken) } });
    type('Name', 'New Person');
    type('Email', 'casey@example.com');
    type('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already exists/);
  });

  it('shows the contract’s message when no user is logged in after creating the account', async () => {
    renderRoute(authPages, {
      url: '/signup',
      auth: { signUp: () => Promise.reject(new Error(messages.noUserLoggedIn)) },
    });
    type('Name', 'New Person');
    type('Email', 'new@example.com');
    type('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.noUserLoggedIn);
  });

  it('links back to login', () => {
    renderRoute(authPages, { url: '/signup' });
    expect(screen.getByRole('link', { name: 'Please Login' }).getAttribute('href')).toBe('/login');
  });
});
