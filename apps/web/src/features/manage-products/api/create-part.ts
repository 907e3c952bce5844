import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema, type NewPart } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * POST /parts (admin). The answer must carry insertedId (docs/product.md#messages): one without it does not
 * match insertedSchema, so it rejects like any other failure and the form says 'Failed to Add Parts'.
 */
export function createPart(part: NewPart) {
  return apiSend('POST', '/parts', insertedSchema, part);
}

export function useCreatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPart,
    // Every list of parts (Home, /allparts, Manage Products) lives under one prefix; 'all'
    // refetches the lists not on screen too, so the new part is first wherever the admin goes next.
    // Not awaited: the admin hears 'Parts Added' at once, the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, refetchType: 'all' });
    },
  });
}
