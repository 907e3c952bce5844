import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { authErrorMessage } from './auth-errors.ts';
import { AuthFlowError } from './auth-flow-error.ts';

/** What Firebase throws: a FirebaseError with a code and a terse message. */
function firebaseError(code: string, message = `Firebase: Error (${code}).`) {
  return Object.assign(new Error(message), { code, name: 'FirebaseError' });
}

describe('authErrorMessage', () => {
  it.each([
    ['auth/wrong-password', /password is not correct/],
    ['auth/invalid-credential', /email or password is not correct/],
    ['auth/user-not-found', /no account with this email/],
    ['auth/email-already-in-use', /already exists/],
    ['auth/popup-blocked', /blocked the sign-in window/],
    ['auth/popup-closed-by-user', /closed before you finished/],
    ['auth/network-request-failed', /could not reach the sign-in service/],
    ['auth/too-many-requests', /Too many attempts/],
    ['auth/unauthorized-domain', /not allowed from this web address/],
    ['auth/weak-password', /at least 6 characters/],
  ])('puts %s in plain words', (code, expected) => {
    const message = authErrorMessage(firebaseError(code));
    expect(message).toMatch(expected);
    expect(message).not.toContain('auth/');
    expect(message).not.toContain('Firebase');
  });

  it('falls back to the provider’s own message without the Firebase wrapping', () => {
    const error = firebaseError(
      'auth/something-new',
      'Firebase: The quota for this project is spent (auth/something-new).',
    );
    expect(authErrorMessage(error)).toBe('The quota for this project is spent');
  });

  it('names the code when the provider gives no words at all', () => {
    expect(authErrorMessage(firebaseError('auth/brand-new-code'))).toBe(
      'Sign-in failed (auth/brand-new-code). Please try again.',
    );
  });

  it('maps the shop’s own sign-in steps like the provider’s', () => {
    expect(authErrorMessage(new AuthFlowError('auth/popup-blocked', 'blocked'))).toMatch(/Allow pop-ups/);
  });

  it('keeps the API’s message for a failed token exchange', () => {
    const error = new ApiError(503, 'Sign-in is unavailable right now. Please try again in a moment.');
    expect(authErrorMessage(error)).toBe('Sign-in is unavailable right now. Please try again in a moment.');
  });

  it('says something sensible about anything else', () => {
    expect(authErrorMessage('boom')).toMatch(/Something went wrong/);
    expect(authErrorMessage(new Error('No user is logged in'))).toBe('No user is logged in');
  });
});
