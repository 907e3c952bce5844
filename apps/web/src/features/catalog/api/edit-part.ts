import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { partSchema, type EditedPart, type Part } from '@parts-shop/shared/part';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Shows the saved part at once on its page, then refreshes every list of parts behind it. */
function remember(queryClient: QueryClient, part: Part) {
  queryClient.setQueryData(queryKeys.parts.detail(part._id), part);
  // Not awaited: the admin hears the toast at once.
  void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, refetchType: 'all' });
}

/**
 * PATCH /parts/{id} (admin) with the version the form was loaded at: a 409 says someone else
 * saved first (the API's message), and nothing is overwritten.
 */
export function useEditPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, part }: { id: string; version: number; part: EditedPart }) =>
      apiSend('PATCH', `/parts/${encodeURIComponent(id)}`, partSchema, { version, ...part }),
    onSuccess: (part) => remember(queryClient, part),
  });
}

/** POST /parts/{id}/stock (admin): adds `delta` units (removes them when negative) to what is there now. */
export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, delta }: { id: string; delta: number }) =>
      apiSend('POST', `/parts/${encodeURIComponent(id)}/stock`, partSchema, { delta }),
    onSuccess: (part) => remember(queryClient, part),
  });
}
