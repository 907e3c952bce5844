import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { savedBuildSchema, type BuildItem } from '@parts-shop/shared/build';
import { PAGE_LIMIT_MAX } from '@parts-shop/shared/constants';
import { deletedSchema } from '@parts-shop/shared/part';
import { apiGet, apiSend } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** The customer's saved builds, newest first (GET /builds). */
export function useMyBuilds(email: string) {
  return useQuery({
    queryKey: queryKeys.builds.mine(email),
    queryFn: ({ signal }) => apiGet(`/builds?limit=${PAGE_LIMIT_MAX}`, z.array(savedBuildSchema), signal),
    enabled: email !== '',
  });
}

function useBuildMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.builds.all }),
  });
}

export function useSaveBuild() {
  return useBuildMutation((input: { name: string; items: BuildItem[] }) =>
    apiSend('POST', '/builds', savedBuildSchema, input),
  );
}

export function useRenameBuild() {
  return useBuildMutation((input: { id: string; name: string }) =>
    apiSend('PATCH', `/builds/${input.id}`, savedBuildSchema, { name: input.name }),
  );
}

export function useDeleteBuild() {
  return useBuildMutation((id: string) => apiSend('DELETE', `/builds/${id}`, deletedSchema));
}
