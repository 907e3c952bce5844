import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { deletedSchema, type ManagedPart } from '@parts-shop/shared/part';
import { ApiError, apiSend, type Page } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export function deletePart(id: string) {
  return apiSend('DELETE', `/parts/${encodeURIComponent(id)}`, deletedSchema);
}

function forgetPart(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<InfiniteData<Page<ManagedPart>>>({ queryKey: queryKeys.parts.manageAll }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p._id !== id) })) }
      : data,
  );
  queryClient.removeQueries({ queryKey: queryKeys.parts.detail(id) });
  // Not awaited: the admin hears 'Deleted' at once.
  void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all, refetchType: 'all' });
}

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_answer, id) => forgetPart(queryClient, id),
    onError: (error, id) => {
      // Someone else deleted it first: the error is still shown, but the stale row goes.
      if (error instanceof ApiError && error.status === 404) forgetPart(queryClient, id);
    },
  });
}
