import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAddressSchema, type PostalAddress } from '@parts-shop/shared/checkout';
import { apiSend } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type NewAddress = PostalAddress & { isDefault?: boolean };

/** POST /addresses: My Profile's Add address, and the order forms' Save to my address book. */
export function useAddAddress(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: NewAddress) => apiSend('POST', '/addresses', savedAddressSchema, address),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(email) }),
  });
}
