import { z } from 'zod';
import { apiSend } from '#web/lib/api-client.ts';

/** POST /users/me/sign-out-everywhere: every session of the caller ends, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await apiSend('POST', '/users/me/sign-out-everywhere', z.null());
}
