import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '@parts-shop/shared/user';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type RoleChangeRequest = { email: string; role: 'admin' | 'customer' };

/**
 * PUT /users/admin/{email} makes that user an admin; DELETE removes the role (never one's own, never the last
 * admin's).
 */
export function changeRole({ email, role }: RoleChangeRequest) {
  return apiSend(role === 'admin' ? 'PUT' : 'DELETE', `/users/admin/${encodeURIComponent(email)}`, modifiedSchema);
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    // The list, the history and any open profile show the new role; 403 or not, they are re-read.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
