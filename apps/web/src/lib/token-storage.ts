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
