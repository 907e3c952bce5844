import { z } from 'zod';
import { request } from './api-client.ts';

/** POST /users/me/sign-out: the API token stops working. */
export async function endApiSession(token: string): Promise<void> {
  await request('/users/me/sign-out', { method: 'POST', schema: z.null(), bearer: token });
}
