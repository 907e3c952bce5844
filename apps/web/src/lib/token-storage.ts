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
