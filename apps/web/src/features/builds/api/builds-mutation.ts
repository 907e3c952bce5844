import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';

/** A change to a build: every build list and page is read again once it settles. */
export function useBuildsMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.builds.all }),
  });
}
