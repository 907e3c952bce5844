import { z } from 'zod';
import { adminCheckSchema, tokenResponseSchema } from '@parts-shop/shared/user';
import { apiGet, request } from './api-client.ts';

function userPath(email: string): string {
  return encodeURIComponent(email.toLowerCase());
}

export async function exchangeIdToken(email: string, idToken: string): Promise<string> {
  const { data } = await request(`/users/${userPath(email)}`, {
    method: 'PUT',
    body: { email: email.toLowerCase() },
    schema: tokenResponseSchema,
    bearer: idToken,
  });
  return data.token;
}

export async function fetchIsAdmin(email: string, signal?: AbortSignal): Promise<boolean> {
  return (await apiGet(`/admin/${userPath(email)}`, adminCheckSchema, signal)).admin;
}

export async function endApiSession(token: string): Promise<void> {
  await request('/users/me/sign-out', { method: 'POST', schema: z.null(), bearer: token });
}
