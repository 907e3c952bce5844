import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/alerts/${id}`, deletedSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all }),
  });
}
