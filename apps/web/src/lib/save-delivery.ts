import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type DeliveryProfileInput } from '@parts-shop/shared/user';
import { apiSend } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * PATCH /users/{email}/delivery: Save to my profile on the order forms; only the phone and address change, so it
 * works while the rest of the profile is still empty.
 */
export function useSaveDelivery(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryProfileInput) =>
      apiSend('PATCH', `/users/${encodeURIComponent(email)}/delivery`, userSchema, input),
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.users.profile(email), profile),
  });
}
