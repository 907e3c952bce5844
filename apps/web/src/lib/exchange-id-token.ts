import { tokenResponseSchema } from '@parts-shop/shared/user';
import { request } from './api-client.ts';
import { userPath } from './user-path.ts';

/** PUT /users/{email} with a Firebase ID token: the shop's own API token for the session. */
export async function exchangeIdToken(email: string, idToken: string): Promise<string> {
  const { data } = await request(`/users/${userPath(email)}`, {
    method: 'PUT',
    body: { email: email.toLowerCase() },
    schema: tokenResponseSchema,
    bearer: idToken,
  });
  return data.token;
}
