import { describe, expect, it } from 'vitest';
import {
  adminGuardDecision,
  authGuardDecision,
  isTokenUsableFor,
  readTokenClaims,
  redirectTarget,
} from './auth-session.ts';

function jwt(payload: object): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value))
      .replace(/(?<!=)=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

describe('authGuardDecision', () => {
  it('lets a signed-in user through', () => {
    expect(authGuardDecision({ initializing: false, signedIn: true })).toBe('allow');
  });
  it('waits while a stored session is being confirmed instead of flashing the login page', () => {
    expect(authGuardDecision({ initializing: true, signedIn: false })).toBe('wait');
  });
  it('sends a signed-out visitor to log in', () => {
    expect(authGuardDecision({ initializing: false, signedIn: false })).toBe('login');
  });
});

describe('adminGuardDecision', () => {
  const base = { initializing: false, signedIn: true, isAdmin: null, adminCheckFailed: false };
  it('waits for the server while the admin check is pending', () => {
    expect(adminGuardDecision(base)).toBe('wait');
  });
  it('allows an admin', () => {
    expect(adminGuardDecision({ ...base, isAdmin: true })).toBe('allow');
  });
  it('denies a non-admin (who is then signed out)', () => {
    expect(adminGuardDecision({ ...base, isAdmin: false })).toBe('deny');
  });
  it('reports a failed check rather than guessing', () => {
    expect(adminGuardDecision({ ...base, adminCheckFailed: true })).toBe('error');
  });
  it('sends a signed-out visitor to log in, and waits while the session is confirmed', () => {
    expect(adminGuardDecision({ ...base, signedIn: false })).toBe('login');
    expect(adminGuardDecision({ ...base, signedIn: false, initializing: true })).toBe('wait');
  });
});

describe('redirectTarget', () => {
  it('returns to the page the guard stopped, as a path or a location', () => {
    expect(redirectTarget({ from: '/purchase/abc' })).toBe('/purchase/abc');
    expect(redirectTarget({ from: { pathname: '/dashboard/myorders', search: '?page=2', hash: '#top' } })).toBe(
      '/dashboard/myorders?page=2#top',
    );
  });
  it('goes home without a page to return to', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ from: 42 })).toBe('/');
  });
  it('never leaves the site', () => {
    expect(redirectTarget({ from: '//evil.example/x' })).toBe('/');
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe('/');
    expect(redirectTarget({ from: '/\\evil.example' })).toBe('/');
  });
  it('never goes back to a sign-in page', () => {
    expect(redirectTarget({ from: '/login' })).toBe('/');
    expect(redirectTarget({ from: '/signup?x=1' })).toBe('/');
    expect(redirectTarget({ from: '/auth/google-picker' })).toBe('/');
  });
});

describe('API token claims', () => {
  const now = Date.UTC(2025, 0, 1);
  const token = jwt({ sub: 'Casey@Example.com', exp: now / 1000 + 3600 });

  it('reads the email and expiry', () => {
    expect(readTokenClaims(token)).toEqual({ email: 'casey@example.com', expiresAt: now + 3_600_000 });
    expect(readTokenClaims('not-a-jwt')).toBeNull();
  });
  it('uses a stored token only for its own user and before it expires', () => {
    expect(isTokenUsableFor(token, 'casey@example.com', now)).toBe(true);
    expect(isTokenUsableFor(token, 'someone@example.com', now)).toBe(false);
    expect(isTokenUsableFor(token, 'casey@example.com', now + 3_600_000)).toBe(false);
  });
  it('leaves a token it cannot read to the API to judge', () => {
    expect(isTokenUsableFor('opaque-token', 'casey@example.com', now)).toBe(true);
  });
});
