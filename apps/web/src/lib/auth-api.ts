import { z } from 'zod';
import { adminCheckSchema, tokenResponseSchema } from '@parts-shop/shared/user';
import { apiGet, request } from './api-client.ts';

function userPath(email: string): string {
  return encodeURIComponent(email.toLowerCase());
}

/**
 * The token exchange (docs/product.md#sign-in-and-tokens): PUT /users/{email} with {email}, carrying the
 * Firebase ID token as the bearer, answers the API's own access token.
 */
export async function exchangeIdToken(email: string, idToken: string): Promise<string> {
  const { data } = await request(`/users/${userPath(email)}`, {
    method: 'PUT',
    body: { email: email.toLowerCase() },
    schema: tokenResponseSchema,
    bearer: idToken,
  });
  return data.token;
}

/** GET /admin/{email}: whether the server counts this user as an admin (docs/product.md#who-may-do-what). */
export async function fetchIsAdmin(email: string, signal?: AbortSignal): Promise<boolean> {
  return (await apiGet(`/admin/${userPath(email)}`, adminCheckSchema, signal)).admin;
}

/** POST /users/me/sign-out: Logout ends the API token on the server too, not only in this tab. */
export async function endApiSession(token: string): Promise<void> {
  await request('/users/me/sign-out', { method: 'POST', schema: z.null(), bearer: token });
}
