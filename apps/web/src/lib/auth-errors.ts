import { ApiError } from './api-client.ts';

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is not correct. Check them and try again.',
  'auth/invalid-login-credentials': 'The email or password is not correct. Check them and try again.',
  'auth/wrong-password': 'The password is not correct. Try again, or use Forgot Password to set a new one.',
  'auth/user-not-found': 'There is no account with this email. Check the address, or sign up for a new account.',
  'auth/email-already-in-use': 'An account with this email already exists. Log in instead, or use Forgot Password.',
  'auth/account-exists-with-different-credential':
    'An account with this email already exists with another way of signing in. Log in with your email and password.',
  'auth/invalid-email': 'That email address is not valid. Check it and try again.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/weak-password': 'That password is too weak. Use at least 6 characters.',
  'auth/user-disabled': 'This account has been turned off. Please contact the shop for help.',
  'auth/too-many-requests':
    'Too many attempts in a short time. Wait a few minutes and try again, or reset your password.',
  'auth/network-request-failed':
    'We could not reach the sign-in service. Check your internet connection and try again.',
  'auth/popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before you finished signing in.',
  'auth/cancelled-popup-request': 'The sign-in window was closed before you finished signing in.',
  'auth/user-cancelled': 'Sign-in was cancelled.',
  'auth/unauthorized-domain':
    'Signing in is not allowed from this web address. The shop needs to add it to its sign-in settings.',
  'auth/unauthorized-continue-uri':
    'Signing in is not allowed from this web address. The shop needs to add it to its sign-in settings.',
  'auth/operation-not-allowed': 'This way of signing in is turned off for the shop. Please use another one.',
  'auth/requires-recent-login': 'For your security, please log in again.',
  'auth/user-token-expired': 'Your sign-in has expired. Please log in again.',
  'auth/invalid-user-token': 'Your sign-in has expired. Please log in again.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again in a moment.',
  'auth/invalid-api-key': 'The shop’s sign-in is not set up correctly. Please try again later.',
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.':
    'The shop’s sign-in is not set up correctly. Please try again later.',
  'auth/app-deleted': 'The shop’s sign-in is not set up correctly. Please try again later.',
  'auth/timeout': 'The sign-in service took too long to answer. Please try again.',
  'auth/web-storage-unsupported':
    'Your browser blocks the storage that signing in needs. Allow cookies and site data for this shop and try again.',
};

const GENERIC = 'Something went wrong while signing you in. Please try again.';

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

function providerMessage(error: Error, code: string | null): string {
  let text = error.message.replace(/^Firebase:\s*/, '');
  const at = text.lastIndexOf('(auth/');
  if (at >= 0 && /^\(auth\/[^)]*\)\.?$/.test(text.slice(at))) text = text.slice(0, at);
  text = text.trim();
  if (!text || text === 'Error') return code ? `Sign-in failed (${code}). Please try again.` : GENERIC;
  return text;
}

export function authErrorMessage(error: unknown): string {
  const code = codeOf(error);
  if (code) {
    const known = MESSAGES[code];
    if (known) return known;
  }
  // The token exchange with the shop's own API: its messages are already written for people.
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return providerMessage(error, code);
  return GENERIC;
}
