/** The API access token, stored as `accessToken` (docs/product.md#sign-in-and-tokens). */
const KEY = 'accessToken';

export function getAccessToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  window.localStorage.setItem(KEY, token);
}

export function clearAccessToken(): void {
  window.localStorage.removeItem(KEY);
}

/**
 * Set while a sign-out may be unfinished. Firebase forgets its user asynchronously (IndexedDB),
 * so a tab closed or reloaded right after Logout can keep it; the next visit would then swap
 * it for a fresh API token and sign the visitor back in (on a shared computer, the next
 * person). The mark tells that visit to finish the sign-out instead.
 */
const SIGNING_OUT_KEY = 'signingOut';

export function markSigningOut(): void {
  try {
    window.localStorage.setItem(SIGNING_OUT_KEY, '1');
  } catch {
    // Storage refused (a privacy mode): nothing outlives the tab there anyway.
  }
}

export function isSigningOut(): boolean {
  try {
    return window.localStorage.getItem(SIGNING_OUT_KEY) !== null;
  } catch {
    return false;
  }
}

export function clearSigningOut(): void {
  try {
    window.localStorage.removeItem(SIGNING_OUT_KEY);
  } catch {
    // As above.
  }
}
