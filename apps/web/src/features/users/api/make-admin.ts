import { useMutation, useQueryClient } from '@tanstack/react-query';
import { modifiedSchema } from '@parts-shop/shared/user';
import { apiSend } from '../../../lib/api-client.ts';

/** PUT /users/admin/{email} (admin): makes that user an admin; there is no way back (docs/product.md#dashboard). */
export function makeAdmin(email: string) {
  return apiSend('PUT', `/users/admin/${encodeURIComponent(email)}`, modifiedSchema);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    // The list and any open profile show the new role; 403 or not, the list is re-read.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
