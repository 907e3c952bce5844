import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useRevokeAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/assistants/${encodeURIComponent(id)}`, deletedSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.assistants }),
  });
}
