import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { rememberSavedPart } from './edit-part.ts';

export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, delta }: { id: string; delta: number }) =>
      apiSend('POST', `/parts/${encodeURIComponent(id)}/stock`, partSchema, { delta }),
    onSuccess: (part) => rememberSavedPart(queryClient, part),
  });
}
