import { adminCheckSchema } from '@parts-shop/shared/user';
import { apiGet } from './api-client.ts';
import { userPath } from './user-path.ts';

/** GET /admin/{email} */
export async function fetchIsAdmin(email: string, signal?: AbortSignal): Promise<boolean> {
  return (await apiGet(`/admin/${userPath(email)}`, adminCheckSchema, signal)).admin;
}
