import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressBookSchema } from '@parts-shop/shared/checkout';
import { apiGet } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /addresses: the signed-in customer's address book, the default among them. */
export function addressBookQueryOptions(email: string) {
  return queryOptions({
    queryKey: queryKeys.addresses(email),
    queryFn: ({ signal }) => apiGet('/addresses', addressBookSchema, signal),
  });
}

export function useAddressBook(email: string) {
  return useQuery({ ...addressBookQueryOptions(email), enabled: email !== '' });
}
