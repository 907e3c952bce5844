import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressBookSchema, type PostalAddress } from '@parts-shop/shared/checkout';
import { apiSend } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type NewAddress = PostalAddress & { isDefault?: boolean };

/**
 * POST /addresses: My Profile's Add address, and the order forms' Save to my address book. The server answers the
 * whole book (the default may have moved), which replaces the cached one.
 */
export function useAddAddress(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: NewAddress) => apiSend('POST', '/addresses', addressBookSchema, address),
    onSuccess: (book) => queryClient.setQueryData(queryKeys.addresses(email), book),
  });
}
