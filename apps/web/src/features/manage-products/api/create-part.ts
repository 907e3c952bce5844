import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema, type NewPart } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function createPart(part: NewPart) {
  return apiSend('POST', '/parts', insertedSchema, part);
}

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    // Every list of parts (Home, /allparts, Manage Products) lives under one prefix; 'all' refetches the lists not on
    // screen too, so the new part is first wherever the admin goes next.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, refetchType: 'all' });
    },
  });
}
