import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema, type NewAlert } from '@parts-shop/shared/alert';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewAlert) => apiSend('POST', '/alerts', alertSchema, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all }),
  });
}
