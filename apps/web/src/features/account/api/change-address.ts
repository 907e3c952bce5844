import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PostalAddress } from '@parts-shop/shared/checkout';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type Change = { id: string; patch: PostalAddress | { isDefault: true } };

/** PATCH /addresses/{id}: the address edited, or made the default (the one before it stops being so). */
export function useChangeAddress(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: Change) => apiSend('PATCH', `/addresses/${encodeURIComponent(id)}`, z.unknown(), patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses(email) }),
  });
}
