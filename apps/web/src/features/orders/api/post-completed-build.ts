import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completedBuildSchema, type NewCompletedBuild } from '@parts-shop/shared/completed-build';
import { apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /completed-builds: the gallery shows it at once. */
export function usePostCompletedBuild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (build: NewCompletedBuild) => apiSend('POST', '/completed-builds', completedBuildSchema, build),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.completedBuilds.all }),
  });
}
