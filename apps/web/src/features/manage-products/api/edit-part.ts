import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { partSchema, type EditedPart, type Part } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function rememberSavedPart(queryClient: QueryClient, part: Part) {
  queryClient.setQueryData(queryKeys.parts.detail(part._id), part);
  // Not awaited: the admin hears the toast at once.
  void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, refetchType: 'all' });
}

/**
 * PATCH /parts/{id} (admin) with the version the form was loaded at: a 409 says someone else saved first (the API's
 * message), and nothing is overwritten.
 */
export function useEditPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, part }: { id: string; version: number; part: EditedPart }) =>
      apiSend('PATCH', `/parts/${encodeURIComponent(id)}`, partSchema, { version, ...part }),
    onSuccess: (part) => rememberSavedPart(queryClient, part),
  });
}
