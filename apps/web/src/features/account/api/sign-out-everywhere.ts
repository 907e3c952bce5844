import { z } from 'zod';
import { apiSend } from '#web/lib/api-client.ts';

export async function signOutEverywhere(): Promise<void> {
  await apiSend('POST', '/users/me/sign-out-everywhere', z.null());
}
